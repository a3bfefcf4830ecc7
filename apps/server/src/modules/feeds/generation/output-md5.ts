/**
 * The MD5 (hex) of a creative's stored bytes, kept in feed_creatives.output_md5 so that an ad showing a
 * creative the marketer downloaded and uploaded to Meta (whose URL is then Meta's CDN, not ours) can still
 * be tied to it by content: Meta's AdImage `hash` (an ad creative's `image_hash`) is taken to be the MD5
 * of the uploaded file's bytes. Meta's reference describes the field only as "the hash which uniquely
 * identifies the image"; its examples are 32 hex digits, the shape of an MD5. Should Meta's hash ever be
 * something else, the match finds nothing rather than a wrong creative. MD5 is a match key here, never a
 * security check: the lookup is confined to the client's own creatives (creativeOriginsByMd5).
 */
import { createHash } from 'node:crypto';
import type { AppDeps } from '../../../deps.js';

export const outputMd5 = (bytes: Buffer): string => createHash('md5').update(bytes).digest('hex');

/**
 * The MD5 of a stored output this run reused instead of rendering: the row's own when it already holds
 * this key with its MD5, else read from the file (rows generated before the MD5 was kept, or a second
 * feed making the same ad). Null when the file is gone.
 */
export async function reusedOutputMd5(
  deps: Pick<AppDeps, 'files'>,
  outputKey: string,
  known: { outputKey: string | null; outputMd5: string | null } | undefined,
): Promise<string | null> {
  if (known?.outputKey === outputKey && known.outputMd5) return known.outputMd5;
  const stored = await deps.files.get(outputKey);
  if (!stored) return null;
  const hash = createHash('md5');
  for await (const chunk of stored.stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
