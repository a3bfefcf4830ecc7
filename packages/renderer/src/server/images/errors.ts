import { shortenUrl } from '@adloom/net/url-text';

/** What went wrong when loading an image; stable, so callers may branch on it. */
export type ImageLoadErrorCode =
  | 'BAD_URL'
  | 'BAD_SCHEME'
  | 'PRIVATE_ADDRESS'
  | 'NOT_FOUND'
  | 'HTTP_STATUS'
  | 'TOO_MANY_REDIRECTS'
  | 'TIMEOUT'
  | 'TOO_LARGE'
  | 'TOO_MANY_PIXELS'
  | 'NOT_AN_IMAGE'
  | 'NETWORK';

/** The image a failure is about: the source as the caller gave it and, after redirects, the URL that failed. */
export interface ImageSubject {
  readonly source: string;
  readonly redirectedTo?: string | undefined;
  /** What the file is, to start the message with; default 'Image' (fonts use the same download). */
  readonly noun?: string;
  /** How the message names the image instead of its source, e.g. a template's `<image id="hero">`. */
  readonly label?: string;
}

const KB = 1024;
const MB = 1024 * KB;

/** Writes a byte count the way a person reads it: `25 MB`, `1.5 MB`, `300 KB`, `12 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${trimNumber(bytes / MB)} MB`;
  if (bytes >= KB) return `${trimNumber(bytes / KB)} KB`;
  return `${bytes} bytes`;
}

/** Writes a pixel count in megapixels: `30 megapixels`, `0.5 megapixels`; below 0.1 megapixels, `600 pixels`. */
export function formatMegapixels(pixels: number): string {
  if (pixels < 100_000) return `${pixels} pixels`;
  return `${trimNumber(pixels / 1_000_000)} megapixels`;
}

function trimNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, '');
}

/**
 * A failed image load. `code` says what went wrong; the message names the image (URL or path, at most 200
 * characters) and the reason, e.g. `Image https://cdn.example/a.png is larger than 25 MB`.
 */
export class ImageLoadError extends Error {
  override readonly name = 'ImageLoadError';
  readonly code: ImageLoadErrorCode;
  /** The source as the caller gave it (not shortened). */
  readonly url: string;
  /** The URL that failed when it was reached through redirects. */
  readonly redirectedTo: string | undefined;

  constructor(code: ImageLoadErrorCode, subject: ImageSubject, reason: string, options?: ErrorOptions) {
    const hop =
      subject.redirectedTo === undefined ? '' : ` (redirected to ${shortenUrl(subject.redirectedTo)})`;
    const name = subject.label ?? shortenUrl(subject.source);
    super(`${subject.noun ?? 'Image'} ${name}${hop} ${reason}`, options);
    this.code = code;
    this.url = subject.source;
    this.redirectedTo = subject.redirectedTo;
  }
}
