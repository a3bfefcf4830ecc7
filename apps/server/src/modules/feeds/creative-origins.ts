/**
 * Where generated creatives came from, by their stored image's key: for the performance module, which ties
 * an ad to the feed, design, template version and catalogue item of the Adloom creative it shows.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { feedCreatives, feedDesigns, feeds } from '../../db/schema.js';

export interface CreativeOrigin {
  feedId: string;
  designId: string | null;
  templateVersionId: string | null;
  itemId: string;
}

/** The client's creatives stored under the keys given (`clients/{id}/creatives/{hash}.jpg`), by key. */
export async function creativeOriginsByKey(
  db: Db,
  clientId: string,
  outputKeys: readonly string[],
): Promise<Map<string, CreativeOrigin>> {
  const out = new Map<string, CreativeOrigin>();
  const keys = [...new Set(outputKeys)];
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await db
      .select({
        outputKey: feedCreatives.outputKey,
        feedId: feedCreatives.feedId,
        itemId: feedCreatives.itemId,
        designId: feedCreatives.designId,
        templateVersionId: feedDesigns.templateVersionId,
      })
      .from(feedCreatives)
      .innerJoin(feeds, eq(feeds.id, feedCreatives.feedId))
      .leftJoin(feedDesigns, eq(feedDesigns.id, feedCreatives.designId))
      .where(and(eq(feeds.clientId, clientId), inArray(feedCreatives.outputKey, keys.slice(i, i + 1000))));
    // A content-addressed key can be in several feeds: the first found is as good as any.
    for (const r of rows)
      if (r.outputKey && !out.has(r.outputKey))
        out.set(r.outputKey, {
          feedId: r.feedId,
          designId: r.designId,
          templateVersionId: r.templateVersionId,
          itemId: r.itemId,
        });
  }
  return out;
}
