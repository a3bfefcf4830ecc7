/**
 * Feeds (issue 5, part 4): a product set rendered with ordered designs. This module keeps one creative
 * row per item of the set (new items pending, items gone archived), queues a generation job for each item
 * whose ad may have changed (generation/generate.ts does the work, idempotently), and answers the counts
 * the screens show.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { AppDeps } from '../../deps.js';
import {
  catalogItems,
  creativeStatuses,
  feedCreatives,
  feedDesigns,
  feeds,
  productSets,
  templates,
  templateVersions,
  type CreativeStatus,
  type FeedDesignRow,
  type FeedRow,
} from '../../db/schema.js';
import { DomainError, invalidInput, isUuid } from '../../errors.js';
import { JOBS, type JobQueue } from '../../jobs/queue.js';
import { filterToJson } from '@adloom/commerce';
import { brandInputsFor } from '../brand-kit/index.js';
import { filterToSql, ownProductSet, readFilter, storedFilter } from '../catalogs/index.js';
import { GENERATE_CREATIVE_FAILED } from './generation.jobs.js';
import { CREATIVE_FORMAT_ID, loadVersions } from './generation/generate.js';
import { refreshKeySql, refreshPlan } from './generation/input-hash.js';
import { isGenerating } from './feed-status.js';

export const feedNotFound = (id: string) => new DomainError('NOT_FOUND', `Feed ${id} not found`);

const MAX_NAME = 100;
const MAX_DESIGNS = 20;

/** A design as the screens send it. */
export interface DesignInput {
  /** A template of the client: its newest version is used (or `templateVersionId`). */
  templateId?: string | null | undefined;
  templateVersionId?: string | null | undefined;
  /** Slot id → feature key → value, as JSON text. */
  slotFeaturesJson?: string | null | undefined;
  /** Meta product-set filter JSON; only items passing it take this design. */
  itemFilterJson?: string | null | undefined;
}

/** The counts of spec section 3 ("Feed on a template"). */
export interface FeedCounts {
  itemCount: number;
  pendingCount: number;
  inProgressCount: number;
  completedCount: number;
  generatedCount: number;
  noInputImagesCount: number;
  noTemplateMatchedCount: number;
  failedCount: number;
  archivedCount: number;
  generatingCount: number;
  isGenerating: boolean;
}

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw invalidInput('Give the feed a name.');
  if (Array.from(trimmed).length > MAX_NAME)
    throw invalidInput(`A feed name can have at most ${MAX_NAME} characters.`);
  return trimmed;
}

function readSlotFeatures(json: string | null | undefined): Record<string, Record<string, string>> {
  if (!json?.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw invalidInput('The slot features are not valid JSON.');
  }
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(value)) throw invalidInput('Slot features must map slot ids to feature maps.');
  const result: Record<string, Record<string, string>> = {};
  for (const [slot, features] of Object.entries(value)) {
    if (!isRecord(features)) throw invalidInput(`The features of slot ${slot} must be an object.`);
    result[slot] = Object.fromEntries(Object.entries(features).map(([k, v]) => [k, String(v)]));
  }
  return result;
}

/** The template version a design names, checked to belong to the client. */
async function designVersion(db: Db, clientId: string, input: DesignInput): Promise<string> {
  const id = input.templateVersionId ?? null;
  const templateId = input.templateId ?? null;
  if (id) {
    if (!isUuid(id)) throw invalidInput(`Template version ${id} was not found.`);
    const [row] = await db
      .select({ id: templateVersions.id })
      .from(templateVersions)
      .innerJoin(templates, eq(templates.id, templateVersions.templateId))
      .where(and(eq(templateVersions.id, id), eq(templates.clientId, clientId)));
    if (!row) throw invalidInput(`Template version ${id} was not found.`);
    return row.id;
  }
  if (templateId) {
    if (!isUuid(templateId)) throw invalidInput(`Template ${templateId} was not found.`);
    const [row] = await db
      .select({ versionId: templates.currentVersionId })
      .from(templates)
      .where(and(eq(templates.id, templateId), eq(templates.clientId, clientId)));
    if (!row?.versionId) throw invalidInput(`Template ${templateId} was not found.`);
    return row.versionId;
  }
  throw invalidInput('Each design needs a template.');
}

/** The client's feed with this id, or null (also for another client's id). */
export async function findFeed(db: Db, clientId: string, id: string): Promise<FeedRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(feeds)
    .where(and(eq(feeds.id, id), eq(feeds.clientId, clientId)));
  return row ?? null;
}

export async function ownFeed(db: Db, clientId: string, id: string): Promise<FeedRow> {
  const row = await findFeed(db, clientId, id);
  if (!row) throw feedNotFound(id);
  return row;
}

export function listFeeds(db: Db, clientId: string): Promise<FeedRow[]> {
  return db.select().from(feeds).where(eq(feeds.clientId, clientId)).orderBy(asc(feeds.name), asc(feeds.id));
}

/** A feed's designs in the order items try them (as generation reads them). */
export function listDesigns(db: Db, feedId: string): Promise<FeedDesignRow[]> {
  return db
    .select()
    .from(feedDesigns)
    .where(eq(feedDesigns.feedId, feedId))
    .orderBy(asc(feedDesigns.position), asc(feedDesigns.createdAt), asc(feedDesigns.id));
}

/** The designs of many feeds in one query (each in order), in the order of `feedIds`. */
export async function designsOfFeeds(db: Db, feedIds: readonly string[]): Promise<FeedDesignRow[][]> {
  if (feedIds.length === 0) return [];
  const rows = await db
    .select()
    .from(feedDesigns)
    .where(inArray(feedDesigns.feedId, [...feedIds]))
    .orderBy(asc(feedDesigns.position));
  return feedIds.map((id) => rows.filter((row) => row.feedId === id));
}

type DesignValues = Omit<typeof feedDesigns.$inferInsert, 'feedId' | 'position'>;

/**
 * The designs as stored, checked: 1 to 20, each on a template version of the client (createFeed's and
 * updateFeed's rule; draftFeedLayerWarnings reads a form's designs with it too).
 */
export async function readDesigns(
  db: Db,
  clientId: string,
  inputs: readonly DesignInput[],
): Promise<DesignValues[]> {
  if (inputs.length === 0) throw invalidInput('Add at least one design (a template) to the feed.');
  if (inputs.length > MAX_DESIGNS) throw invalidInput(`A feed can have at most ${MAX_DESIGNS} designs.`);
  const designs: DesignValues[] = [];
  for (const design of inputs) {
    designs.push({
      templateVersionId: await designVersion(db, clientId, design),
      slotFeatures: readSlotFeatures(design.slotFeaturesJson),
      itemFilter: design.itemFilterJson?.trim() ? filterToJson(readFilter(design.itemFilterJson)) : null,
    });
  }
  return designs;
}

/** Creates a feed of a product set with its designs (in order). */
export async function createFeed(
  db: Db,
  clientId: string,
  input: { productSetId: string; name: string; designs: readonly DesignInput[] },
): Promise<FeedRow> {
  const { set } = await ownProductSet(db, clientId, input.productSetId);
  const name = cleanName(input.name);
  const designs = await readDesigns(db, clientId, input.designs);
  return db.transaction(async (tx) => {
    const [feed] = await tx
      .insert(feeds)
      .values({ clientId, productSetId: set.id, name, exportToken: newExportToken() })
      .returning();
    await tx
      .insert(feedDesigns)
      .values(designs.map((design, position) => ({ ...design, feedId: feed!.id, position })));
    return feed!;
  });
}

/**
 * Changes a feed's name and designs (in order). A design input with the id of one of the feed's designs
 * changes that design (its page address and its ads' link to it stay); the feed's other designs are
 * removed and designs without an id added. The caller generates the feed again.
 */
export async function updateFeed(
  db: Db,
  clientId: string,
  id: string,
  input: { name?: string | null; designs?: readonly (DesignInput & { id?: string | null })[] | null },
): Promise<FeedRow> {
  const feed = await ownFeed(db, clientId, id);
  const name = input.name === null || input.name === undefined ? feed.name : cleanName(input.name);
  const inputs = input.designs ?? null;
  const designs = inputs ? await readDesigns(db, clientId, inputs) : null;
  const existing = new Set((await listDesigns(db, feed.id)).map((design) => design.id));
  for (const design of inputs ?? [])
    if (design.id && !existing.has(design.id))
      throw new DomainError('NOT_FOUND', `Design ${design.id} is not part of this feed`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(feeds)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(feeds.id, feed.id), eq(feeds.clientId, clientId)))
      .returning();
    if (!inputs || !designs) return row!;
    const kept = inputs.flatMap((design) => (design.id ? [design.id] : []));
    await tx
      .delete(feedDesigns)
      .where(
        and(eq(feedDesigns.feedId, feed.id), kept.length > 0 ? notInArray(feedDesigns.id, kept) : undefined),
      );
    for (const [position, values] of designs.entries()) {
      const designId = inputs[position]!.id;
      if (designId)
        await tx
          .update(feedDesigns)
          .set({ ...values, position })
          .where(and(eq(feedDesigns.id, designId), eq(feedDesigns.feedId, feed.id)));
      else await tx.insert(feedDesigns).values({ ...values, feedId: feed.id, position });
    }
    return row!;
  });
}

/** Deletes one of the client's feeds; returns it as it was. */
export async function deleteFeed(db: Db, clientId: string, id: string): Promise<FeedRow> {
  const feed = await ownFeed(db, clientId, id);
  await db.delete(feeds).where(eq(feeds.id, feed.id));
  return feed;
}

/** The secret part of a feed's export URLs. */
function newExportToken(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Gives the feed a new export token: its export URLs change and the old ones stop working at once
 * (the export route compares the token on every request). Returns the feed and its previous token.
 */
export async function rotateExportToken(
  db: Db,
  clientId: string,
  id: string,
): Promise<{ feed: FeedRow; previousToken: string }> {
  const feed = await ownFeed(db, clientId, id);
  const [row] = await db
    .update(feeds)
    .set({ exportToken: newExportToken(), updatedAt: new Date() })
    .where(and(eq(feeds.id, feed.id), eq(feeds.clientId, clientId)))
    .returning();
  if (!row) throw feedNotFound(id);
  return { feed: row, previousToken: feed.exportToken };
}

/** What a refresh needs: the database, and the settings the brand inputs' URLs are made with. */
export type RefreshDeps = Pick<AppDeps, 'db' | 'config'>;

/** The statuses of an ad made (or decided) from inputs its refresh key describes. */
const SETTLED = sql.raw(`('generated', 'no_input_images', 'no_template_matched')`);

/** The feed's designs and the refresh plan (input-hash.ts) their templates give: what shapes its ads. */
export async function feedRefreshPlan(deps: RefreshDeps, feed: Pick<FeedRow, 'id' | 'clientId'>) {
  const designs = await listDesigns(deps.db, feed.id);
  const plan = await refreshPlan({
    designs,
    versions: await loadVersions(
      deps.db,
      designs.map((design) => design.templateVersionId),
    ),
    format: CREATIVE_FORMAT_ID,
    brand: () => brandInputsFor(deps, feed.clientId),
  });
  return { designs, plan };
}

/**
 * Brings the feed's creative rows in line with its product set and returns the items to generate: new
 * ones, ones that came back, ones failed or not finished, and ones whose refresh key (input-hash.ts: the
 * fields the designs' templates read, the designs and their template versions, slot features and item
 * filters, the brand inputs used, the image URLs) differs from the key of what their ad was made from,
 * or whose ad went stale by the clock (a sale began or ended). The database decides for every item at
 * once; an unchanged item keeps its ad, URL and status, and costs no job. Items that left the set (or the
 * catalogue) are archived. Bytes changed behind an unchanged image URL are the image recheck's part.
 */
export async function syncFeedItems(deps: RefreshDeps, feed: FeedRow): Promise<string[]> {
  const { db } = deps;
  const { set, catalog } = await ownProductSet(db, feed.clientId, feed.productSetId);
  const importId = catalog.currentImportId;
  const { plan } = await feedRefreshPlan(deps, feed);
  const inSet = importId
    ? sql`${catalogItems.importId} = ${importId} and ${filterToSql(storedFilter(set).filter)}`
    : sql`false`;
  return db.transaction(async (tx) => {
    // Hash joins whatever the statistics say: right after an import the planner still counts the catalogue
    // of before (autovacuum has not analysed the new rows), and a nested loop over 100,000 items each
    // scanning the feed's rows took minutes; a hash join takes a fraction of a second at any size.
    await tx.execute(sql`set local enable_nestloop = off`);
    // One statement: the set's items with their keys; the new ones added, the changed ones made pending
    // (the rows it does not return are not written at all).
    const result = await tx.execute(sql`
      with items as (
        select ${catalogItems.itemId} as item_id, ${refreshKeySql(plan)} as key
        from ${catalogItems} where ${inSet}
      ), added as (
        insert into ${feedCreatives} (feed_id, item_id, status)
        select ${feed.id}::uuid, i.item_id, 'pending' from items i
        where not exists (select 1 from ${feedCreatives} c where c.feed_id = ${feed.id} and c.item_id = i.item_id)
        on conflict (feed_id, item_id) do nothing
        returning item_id
      ), changed as (
        update ${feedCreatives} c set status = 'pending', updated_at = now()
        from items i
        where c.feed_id = ${feed.id} and c.item_id = i.item_id
          and not (c.status in ${SETTLED} and c.source_key is not distinct from i.key
                   and c.source_key is not null and (c.stale_at is null or c.stale_at > now()))
        returning c.item_id
      )
      select item_id from added union all select item_id from changed`);
    await tx.execute(sql`
      update ${feedCreatives} c set status = 'archived', updated_at = now()
      where c.feed_id = ${feed.id} and c.status <> 'archived'
        and not exists (select 1 from ${catalogItems} where ${inSet} and ${catalogItems.itemId} = c.item_id)`);
    await tx.update(feeds).set({ updatedAt: new Date() }).where(eq(feeds.id, feed.id));
    return rowsOf<{ item_id: string }>(result).map((row) => row.item_id);
  });
}

/**
 * Queues one generation job per item (singleton per feed and item, so a second request adds nothing).
 * The jobs' group is the feed's client: clients take turns, so one client's 100,000 items do not hold up
 * another's few.
 */
/** The singleton key of an item's generation job: at most one waits per feed and item. */
export const generationKey = (feedId: string, itemId: string) => `${feedId}:${itemId}`;

export async function queueGeneration(
  jobs: JobQueue,
  feed: Pick<FeedRow, 'id' | 'clientId'>,
  itemIds: readonly string[],
): Promise<number> {
  const feedId = feed.id;
  return jobs.sendMany(
    JOBS.generateCreative,
    itemIds.map((itemId) => ({
      data: { feedId, itemId },
      options: {
        group: feed.clientId,
        singletonKey: generationKey(feedId, itemId),
        retryLimit: 3,
        retryDelay: 5,
        retryBackoff: true,
        deadLetter: GENERATE_CREATIVE_FAILED,
      },
    })),
  );
}

/**
 * Generation on demand (and after a template or catalogue change): sync, then queue the items that may
 * have changed (syncFeedItems); returns how many were queued.
 */
export async function generateFeed(
  deps: RefreshDeps & Pick<AppDeps, 'jobs'>,
  feed: FeedRow,
): Promise<number> {
  const ids = await syncFeedItems(deps, feed);
  return queueGeneration(deps.jobs, feed, ids);
}

/** Queues the failed items of a feed again; returns how many. */
export async function retryFailed(db: Db, jobs: JobQueue, feed: FeedRow): Promise<number> {
  const failed = await db
    .update(feedCreatives)
    .set({ status: 'pending', error: null, updatedAt: new Date() })
    .where(and(eq(feedCreatives.feedId, feed.id), eq(feedCreatives.status, 'failed')))
    .returning({ itemId: feedCreatives.itemId });
  return queueGeneration(
    jobs,
    feed,
    failed.map((row) => row.itemId),
  );
}

export const creativeNotFound = (itemId: string) =>
  new DomainError('NOT_FOUND', `Item ${itemId} is not part of this feed`);

/** One creative of a feed, or null. */
export async function findCreative(db: Db, feedId: string, itemId: string) {
  const [row] = await db
    .select()
    .from(feedCreatives)
    .where(and(eq(feedCreatives.feedId, feedId), eq(feedCreatives.itemId, itemId)));
  return row ?? null;
}

/**
 * Makes one item's ad again: its images are downloaded afresh (the validators of the last run are
 * forgotten, so a picture changed behind the same address is seen), and the item is queued. An item whose
 * inputs did not change keeps its ad and its address. An archived item is refused (it left the set).
 */
export async function regenerateCreative(db: Db, jobs: JobQueue, feed: FeedRow, itemId: string) {
  const [row] = await db
    .update(feedCreatives)
    .set({ status: 'pending', error: null, inputImages: null, updatedAt: new Date() })
    .where(
      and(
        eq(feedCreatives.feedId, feed.id),
        eq(feedCreatives.itemId, itemId),
        sql`${feedCreatives.status} <> 'archived'`,
      ),
    )
    .returning();
  if (!row) throw creativeNotFound(itemId);
  await queueGeneration(jobs, feed, [itemId]);
  return row;
}

/** The counts of a feed. "Completed" counts every final state; "generated" only ads made. */
export async function feedCounts(db: Db, feedId: string): Promise<FeedCounts> {
  return (await feedCountsOf(db, [feedId]))[0]!;
}

/** The counts of many feeds in one query, in the order of `feedIds` (for a list's data loader). */
export async function feedCountsOf(db: Db, feedIds: readonly string[]): Promise<FeedCounts[]> {
  const rows = feedIds.length
    ? await db
        .select({
          feedId: feedCreatives.feedId,
          status: feedCreatives.status,
          count: sql<number>`count(*)::int`,
        })
        .from(feedCreatives)
        .where(inArray(feedCreatives.feedId, [...feedIds]))
        .groupBy(feedCreatives.feedId, feedCreatives.status)
    : [];
  const byFeed = new Map<string, Record<CreativeStatus, number>>();
  for (const row of rows) {
    const by = byFeed.get(row.feedId) ?? noCreatives();
    by[row.status] = Number(row.count);
    byFeed.set(row.feedId, by);
  }
  return feedIds.map((id) => countsFrom(byFeed.get(id) ?? noCreatives()));
}

const noCreatives = () =>
  Object.fromEntries(creativeStatuses.map((s) => [s, 0])) as Record<CreativeStatus, number>;

function countsFrom(by: Record<CreativeStatus, number>): FeedCounts {
  const generating = by.pending + by.in_progress;
  return {
    itemCount:
      by.pending + by.in_progress + by.generated + by.no_input_images + by.no_template_matched + by.failed,
    pendingCount: by.pending,
    inProgressCount: by.in_progress,
    completedCount: by.generated + by.no_input_images + by.no_template_matched + by.failed,
    generatedCount: by.generated,
    noInputImagesCount: by.no_input_images,
    noTemplateMatchedCount: by.no_template_matched,
    failedCount: by.failed,
    archivedCount: by.archived,
    generatingCount: generating,
    isGenerating: isGenerating({ pendingCount: by.pending, inProgressCount: by.in_progress }),
  };
}

/** A page of a feed's creatives, optionally of some statuses. */
export async function listCreatives(
  db: Db,
  feedId: string,
  options: { statuses?: readonly CreativeStatus[] | null; offset?: number; limit?: number },
) {
  const conditions: SQL[] = [eq(feedCreatives.feedId, feedId)];
  if (options.statuses?.length) conditions.push(inArray(feedCreatives.status, [...options.statuses]));
  const where = and(...conditions);
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(feedCreatives)
    .where(where);
  const rows = await db
    .select()
    .from(feedCreatives)
    .where(where)
    .orderBy(asc(feedCreatives.itemId))
    .limit(Math.min(Math.max(options.limit ?? 48, 1), 200))
    .offset(Math.max(options.offset ?? 0, 0));
  return { total: Number(total?.count ?? 0), creatives: rows };
}

/** After a catalogue import: every feed of the catalogue's product sets is brought up to date. */
export async function regenerateForCatalog(
  deps: RefreshDeps & Pick<AppDeps, 'jobs'>,
  catalogId: string,
): Promise<number> {
  const rows = await deps.db
    .select({ feed: feeds })
    .from(feeds)
    .innerJoin(productSets, eq(productSets.id, feeds.productSetId))
    .where(eq(productSets.catalogId, catalogId));
  for (const { feed } of rows) await generateFeed(deps, feed);
  return rows.length;
}
