/**
 * Where generated creatives came from, by their stored image's key or by the MD5 of its bytes: for the
 * performance module, which ties an ad to the feed, design, template version and catalogue item of the
 * Adloom creative it shows (by URL when the ad points at our file, by content when the marketer uploaded
 * the downloaded creative to Meta, whose image_hash is the file's MD5: generation/output-md5.ts).
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { feedCreatives, feedDesigns, feeds } from '../../db/schema.js';

export interface CreativeOrigin {
  feedId: string;
  designId: string | null;
  templateVersionId: string | null;
  itemId: string;
}

/** The client's creatives stored under the keys given (`clients/{id}/creatives/{hash}.jpg`), by key. */
export function creativeOriginsByKey(
  db: Db,
  clientId: string,
  outputKeys: readonly string[],
): Promise<Map<string, CreativeOrigin>> {
  return originsBy(db, clientId, outputKeys, feedCreatives.outputKey, (keys) =>
    inArray(feedCreatives.outputKey, keys),
  );
}

/**
 * The client's creatives whose stored bytes have the MD5s given (lower-case hex, as Meta's image_hash), by
 * MD5. Only this client's: another client's creative with the same bytes is not theirs to claim. Creatives
 * generated before the MD5 was kept have none and match only by key.
 */
export function creativeOriginsByMd5(
  db: Db,
  clientId: string,
  md5s: readonly string[],
): Promise<Map<string, CreativeOrigin>> {
  const wanted = md5s.map((md5) => md5.toLowerCase()).filter((md5) => /^[0-9a-f]{32}$/.test(md5));
  return originsBy(db, clientId, wanted, feedCreatives.outputMd5, (hashes) =>
    inArray(feedCreatives.outputMd5, hashes),
  );
}

async function originsBy(
  db: Db,
  clientId: string,
  values: readonly string[],
  column: typeof feedCreatives.outputKey | typeof feedCreatives.outputMd5,
  matching: (chunk: string[]) => SQL,
): Promise<Map<string, CreativeOrigin>> {
  const out = new Map<string, CreativeOrigin>();
  const unique = [...new Set(values)];
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db
      .select({
        value: column,
        feedId: feedCreatives.feedId,
        itemId: feedCreatives.itemId,
        designId: feedCreatives.designId,
        templateVersionId: feedDesigns.templateVersionId,
      })
      .from(feedCreatives)
      .innerJoin(feeds, eq(feeds.id, feedCreatives.feedId))
      .leftJoin(feedDesigns, eq(feedDesigns.id, feedCreatives.designId))
      .where(and(eq(feeds.clientId, clientId), matching(unique.slice(i, i + 1000))));
    // The same bytes can be in several feeds: the first found is as good as any.
    for (const r of rows)
      if (r.value && !out.has(r.value))
        out.set(r.value, {
          feedId: r.feedId,
          designId: r.designId,
          templateVersionId: r.templateVersionId,
          itemId: r.itemId,
        });
  }
  return out;
}
