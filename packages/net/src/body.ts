/** Reading a response body with its Content-Encoding undone. */
import type { IncomingMessage } from 'node:http';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** The response's Content-Encoding, trimmed and lower-cased; 'identity' when it sent none. */
export function contentEncoding(response: IncomingMessage): string {
  return (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
}

function decoderFor(encoding: string): Transform | undefined {
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip();
  if (encoding === 'deflate') return createInflate();
  if (encoding === 'br') return createBrotliDecompress();
  return undefined;
}

/**
 * The body with its Content-Encoding (gzip, deflate, br) undone, so that a byte limit applies to the
 * decompressed size and a gzip bomb stops there too; undefined for an encoding it does not know.
 * `body` is the response itself or a stream made of it (with an abort signal added).
 */
export function decodedBody(response: IncomingMessage, body: Readable = response): Readable | undefined {
  const encoding = contentEncoding(response);
  if (encoding === 'identity' || encoding === '') return body;
  const decoder = decoderFor(encoding);
  if (decoder === undefined) return undefined;
  // pipeline passes an error of either stream on to the decoder, where the reader sees it.
  return pipeline(body, decoder, () => undefined);
}
