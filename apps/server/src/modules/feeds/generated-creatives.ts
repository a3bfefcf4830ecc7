/**
 * A client's generated ads (feed creatives with a stored image), for other modules to show or link to
 * (the demo data set's catalogue ads use them); the feed, design and template version each came from.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { feedCreatives, feedDesigns, feeds } from '../../db/schema.js';

export interface GeneratedCreative {
  feedId: string;
  feedName: string;
  /** The catalogue item's own id. */
  itemId: string;
  designId: string | null;
  templateVersionId: string | null;
  /** The stored key of the generated image. */
  outputKey: string;
}

/** At most `limit` generated creatives of the client, in a stable order (oldest feed first, then item id). */
export async function generatedCreatives(
  db: Db,
  clientId: string,
  limit: number,
): Promise<GeneratedCreative[]> {
  const rows = await db
    .select({
      feedId: feedCreatives.feedId,
      feedName: feeds.name,
      itemId: feedCreatives.itemId,
      designId: feedCreatives.designId,
      templateVersionId: feedDesigns.templateVersionId,
      outputKey: feedCreatives.outputKey,
    })
    .from(feedCreatives)
    .innerJoin(feeds, eq(feeds.id, feedCreatives.feedId))
    .leftJoin(feedDesigns, eq(feedDesigns.id, feedCreatives.designId))
    .where(
      and(
        eq(feeds.clientId, clientId),
        eq(feedCreatives.status, 'generated'),
        isNotNull(feedCreatives.outputKey),
      ),
    )
    .orderBy(asc(feeds.createdAt), asc(feeds.id), asc(feedCreatives.itemId))
    .limit(limit);
  return rows.map((r) => ({ ...r, outputKey: r.outputKey! }));
}
