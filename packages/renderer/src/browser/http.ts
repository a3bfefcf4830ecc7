/**
 * Fetch helpers of the browser renderer. Every outside request is anonymous CORS (spec section 7: images
 * "with cross-origin anonymous access", SVG "GET in cors mode without credentials"): no cookies, no HTTP
 * authentication, and a server that does not allow the page's origin is refused by the browser.
 */

/** The request options of every image and font request. */
export const ANONYMOUS_CORS: RequestInit = { method: 'GET', mode: 'cors', credentials: 'omit' };

/** Reads a response body, stopping as soon as it passes `maxBytes` (then `tooLarge()` is thrown). */
export async function readBody(
  response: Response,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > maxBytes) throw tooLarge();
    return bytes;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** A fetch failure in words: browsers say only "Failed to fetch" for network errors and CORS refusals. */
export function describeFetchError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return error instanceof TypeError
    ? `${message} (a network error, or the server does not allow cross-origin requests)`
    : message;
}
