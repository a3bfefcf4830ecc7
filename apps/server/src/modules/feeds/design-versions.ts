/**
 * Feeds and the template versions their designs use (issue 16, item 7): how many feeds and ads a template
 * is used by (asked before saving it), which template and version each design is on and whether that is
 * the newest, and moving designs to their template's newest version (on a template save with
 * regenerateFeeds, or from the feed page), after which the feeds are generated again.
 */
import { aliasedTable, and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  feedCreatives,
  feedDesigns,
  feeds,
  templates,
  templateVersions,
  type FeedRow,
} from '../../db/schema.js';
import { DomainError, isUuid } from '../../errors.js';
import type { AppDeps } from '../../deps.js';
import { generateFeed, type RefreshDeps } from './feeds.service.js';

/** How many of the client's feeds have a design on a version of a template, and the ads those designs made. */
export interface TemplateFeedUsage {
  feeds: number;
  ads: number;
}

export async function templateFeedUsage(
  db: Db,
  clientId: string,
  templateId: string,
): Promise<TemplateFeedUsage> {
  const [row] = await db
    .select({
      feeds: sql<number>`count(distinct ${feeds.id})::int`,
      ads: sql<number>`(
        select count(*)::int from ${feedCreatives} c
        where c.status = 'generated' and c.design_id in (
          select d.id from ${feedDesigns} d
          join ${templateVersions} v on v.id = d.template_version_id
          join ${feeds} f on f.id = d.feed_id
          where v.template_id = ${templateId} and f.client_id = ${clientId}))`,
    })
    .from(feeds)
    .innerJoin(feedDesigns, eq(feedDesigns.feedId, feeds.id))
    .innerJoin(templateVersions, eq(templateVersions.id, feedDesigns.templateVersionId))
    .where(and(eq(feeds.clientId, clientId), eq(templateVersions.templateId, templateId)));
  return { feeds: Number(row?.feeds ?? 0), ads: Number(row?.ads ?? 0) };
}

/** The template version a design uses, by name and number, and its template's newest version. */
export interface DesignVersionInfo {
  templateId: string;
  templateName: string;
  versionId: string;
  versionNumber: number;
  /** The version's own thumbnail (what the design's ads look like), else the template's. */
  thumbnailUrl: string | null;
  newestVersionId: string;
  newestVersionNumber: number;
  archived: boolean;
}

const newest = aliasedTable(templateVersions, 'newest_version');

/** The versions of `versionIds` (in their order; null for an unknown id), in one query. */
export async function designVersionsOf(
  db: Db,
  versionIds: readonly string[],
): Promise<(DesignVersionInfo | null)[]> {
  if (versionIds.length === 0) return [];
  const rows = await db
    .select({
      templateId: templates.id,
      templateName: templates.name,
      versionId: templateVersions.id,
      versionNumber: templateVersions.number,
      versionThumbnail: templateVersions.thumbnailUrl,
      templateThumbnail: templates.thumbnailUrl,
      newestVersionId: newest.id,
      newestVersionNumber: newest.number,
      archivedAt: templates.archivedAt,
    })
    .from(templateVersions)
    .innerJoin(templates, eq(templates.id, templateVersions.templateId))
    .innerJoin(newest, eq(newest.id, templates.currentVersionId))
    .where(inArray(templateVersions.id, [...new Set(versionIds)]));
  const byId = new Map(
    rows.map((row) => [
      row.versionId,
      {
        templateId: row.templateId,
        templateName: row.templateName,
        versionId: row.versionId,
        versionNumber: row.versionNumber,
        thumbnailUrl: row.versionThumbnail ?? row.templateThumbnail,
        newestVersionId: row.newestVersionId,
        newestVersionNumber: row.newestVersionNumber,
        archived: row.archivedAt !== null,
      } satisfies DesignVersionInfo,
    ]),
  );
  return versionIds.map((id) => byId.get(id) ?? null);
}

/**
 * Moves designs of `feedIds` that are on an older version of their template to its newest version
 * (only the designs on `templateId` when given, only `designId` when given). Returns the feeds changed.
 */
async function moveDesigns(
  db: Db,
  feedIds: readonly string[],
  only: { templateId?: string; designId?: string },
): Promise<Set<string>> {
  if (feedIds.length === 0) return new Set();
  // The newest version of the design's template (null for a template without one: nothing moves).
  const newestOfDesign = sql`(select t.current_version_id from ${templateVersions} v
    join ${templates} t on t.id = v.template_id where v.id = ${feedDesigns.templateVersionId})`;
  const moved = await db
    .update(feedDesigns)
    .set({ templateVersionId: newestOfDesign })
    .where(
      and(
        inArray(feedDesigns.feedId, [...feedIds]),
        ne(feedDesigns.templateVersionId, newestOfDesign),
        only.templateId
          ? sql`exists (select 1 from ${templateVersions} v where v.id = ${feedDesigns.templateVersionId}
              and v.template_id = ${only.templateId})`
          : undefined,
        only.designId ? eq(feedDesigns.id, only.designId) : undefined,
      ),
    )
    .returning({ feedId: feedDesigns.feedId });
  return new Set(moved.map((row) => row.feedId));
}

/** Feeds that use any version of a template (for regenerateFeeds on save). */
export async function feedsUsingTemplate(db: Db, clientId: string, templateId: string): Promise<FeedRow[]> {
  return db
    .selectDistinct({ feed: feeds })
    .from(feeds)
    .innerJoin(feedDesigns, eq(feedDesigns.feedId, feeds.id))
    .innerJoin(templateVersions, eq(templateVersions.id, feedDesigns.templateVersionId))
    .where(and(eq(feeds.clientId, clientId), eq(templateVersions.templateId, templateId)))
    .then((rows) => rows.map((row) => row.feed));
}

/**
 * After a template was saved with regenerateFeeds: the designs of the client's feeds that use an older
 * version of it move to its newest version, and those feeds are generated again. Returns the feeds touched.
 */
export async function regenerateForTemplate(
  deps: RefreshDeps & Pick<AppDeps, 'jobs'>,
  clientId: string,
  templateId: string,
): Promise<number> {
  const { db } = deps;
  const using = await feedsUsingTemplate(db, clientId, templateId);
  await moveDesigns(
    db,
    using.map((feed) => feed.id),
    { templateId },
  );
  for (const feed of using) await generateFeed(deps, feed);
  return using.length;
}

export const designNotFound = (id: string) =>
  new DomainError('NOT_FOUND', `Design ${id} is not part of this feed`);

/**
 * The feed page's "Move to the latest version": the feed's designs on an older version of their template
 * (or only `designId`) move to its newest version, and the feed is generated again when one moved.
 * Returns the items queued (0 when every design was on its newest version already).
 */
export async function moveFeedToNewestVersions(
  deps: RefreshDeps & Pick<AppDeps, 'jobs'>,
  feed: FeedRow,
  designId: string | null,
): Promise<number> {
  const { db } = deps;
  if (designId !== null) {
    const [design] = isUuid(designId)
      ? await db
          .select({ id: feedDesigns.id })
          .from(feedDesigns)
          .where(and(eq(feedDesigns.id, designId), eq(feedDesigns.feedId, feed.id)))
      : [];
    if (!design) throw designNotFound(designId);
  }
  const moved = await moveDesigns(db, [feed.id], designId ? { designId } : {});
  return moved.size > 0 ? generateFeed(deps, feed) : 0;
}
