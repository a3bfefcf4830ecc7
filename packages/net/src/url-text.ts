/** URLs in messages (pure: no Node APIs, so browser code may import it as `@adloom/net/url-text`). */

const MAX_URL_CHARS = 200;
/** A data: URL is named by its start: the rest is encoded bytes, no help to a reader. */
const MAX_DATA_URL_CHARS = 60;

/**
 * Shortens a URL or path to at most 200 characters (a data: URL to 60) for a message, marking the cut
 * with an ellipsis.
 */
export function shortenUrl(url: string): string {
  const most = /^\s*data:/i.test(url) ? MAX_DATA_URL_CHARS : MAX_URL_CHARS;
  return url.length <= most ? url : `${url.slice(0, most - 1)}…`;
}
