/**
 * A feed design's first generated ad (issue 16, item 1): the feed page's design card shows it rather than
 * the template's thumbnail once the feed has made one. "First" is by item id, read along the creatives'
 * primary key (feed, item), so a design's lookup stops at its first generated ad.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { feedCreatives, feedDesigns } from '../../db/schema.js';

/** The stored image key of each design's first generated ad (null when it has none yet), in one query. */
export async function firstCreativeKeysOf(db: Db, designIds: readonly string[]): Promise<(string | null)[]> {
  if (designIds.length === 0) return [];
  const first = db
    .select({ outputKey: feedCreatives.outputKey })
    .from(feedCreatives)
    .where(
      and(
        eq(feedCreatives.feedId, feedDesigns.feedId),
        eq(feedCreatives.designId, feedDesigns.id),
        eq(feedCreatives.status, 'generated'),
        isNotNull(feedCreatives.outputKey),
      ),
    )
    .orderBy(asc(feedCreatives.itemId))
    .limit(1)
    .as('first_creative');
  const rows = await db
    .select({ designId: feedDesigns.id, outputKey: first.outputKey })
    .from(feedDesigns)
    .innerJoinLateral(first, sql`true`)
    .where(inArray(feedDesigns.id, [...designIds]));
  const byDesign = new Map(rows.map((row) => [row.designId, row.outputKey]));
  return designIds.map((id) => byDesign.get(id) ?? null);
}
