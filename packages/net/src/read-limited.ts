/**
 * Reads a stream to its end into one buffer, or returns undefined as soon as it passes `maxBytes`.
 * Leaving the loop early destroys the stream, so an endless body stops being read at once.
 */
export async function readAtMost(
  stream: AsyncIterable<Buffer>,
  maxBytes: number,
): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += chunk.length;
    if (total > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}
