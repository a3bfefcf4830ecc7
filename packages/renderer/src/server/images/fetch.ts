import { MAX_IMAGE_PIXELS } from '../../images/pixel-limit.js';
import { type HostLookup, systemLookup } from '@adloom/net';
import { describeContent, type ImageFormat, inspectImage, sniffFormat } from './detect.js';
import { ImageLoadError, type ImageSubject } from './errors.js';
import { downloadIfChanged, type NotModified, type Validators } from './http.js';
import { decodeDataUrl, readLocalFile } from './local.js';

/** Limits and policy of {@link fetchImage}; every field is optional. */
export interface FetchImageOptions {
  /** Time for the whole load of a URL: DNS, connect, headers and body of every redirect hop. Default 10000 ms. */
  readonly timeoutMs?: number;
  /** Largest body accepted, checked on Content-Length and while reading. Default 25 MB. */
  readonly maxBytes?: number;
  /** Largest width × height accepted, read from the header before any decode. Default MAX_IMAGE_PIXELS. */
  readonly maxPixels?: number;
  /** Host names or host:port that may resolve to private or loopback addresses (e.g. an internal CDN). */
  readonly allowHosts?: readonly string[];
  /** Redirects followed, each hop checked again. Default 3. */
  readonly maxRedirects?: number;
  /** Also accept file paths and file: URLs. Only the command-line renderer sets this. */
  readonly allowFiles?: boolean;
  /** Host name resolver, for tests. Default: dns.lookup with every address. */
  readonly lookup?: HostLookup;
}

/** A loaded and checked image. */
export interface FetchedImage {
  /** The image bytes as served, or the first frame re-encoded as PNG when the source was animated. */
  readonly bytes: Buffer;
  /** Read from the bytes, never from a Content-Type. */
  readonly format: ImageFormat;
  /** Size as displayed, i.e. after the EXIF orientation: decode with sharp's `autoOrient` to match. */
  readonly width: number;
  readonly height: number;
  /** Frames or pages in the source (1 for a still image); above 1, `bytes` hold only the first. */
  readonly frames: number;
  /** Where the bytes came from: the final URL after redirects, the data: URL, or a file: URL. */
  readonly url: string;
  /** http(s): the response's ETag and Last-Modified, for fetchImageIfChanged next time. */
  readonly validators?: Validators;
}

/** Default limits of {@link fetchImage}; maxPixels is the renderer's one pixel limit. */
export const IMAGE_FETCH_DEFAULTS = {
  timeoutMs: 10_000,
  maxBytes: 25 * 1024 * 1024,
  maxPixels: MAX_IMAGE_PIXELS,
  maxRedirects: 3,
} as const;

const SCHEME = /^([a-z][a-z\d+.-]*):/i;

function positive(name: string, value: number): number {
  if (!(Number.isFinite(value) && value > 0))
    throw new RangeError(`fetchImage: ${name} must be a positive number`);
  return value;
}

/**
 * Loads an image from an http(s) URL, a data: URL or, with `allowFiles`, a file path or file: URL, within
 * the time, byte and pixel limits and refusing private addresses; throws {@link ImageLoadError} otherwise.
 */
export async function fetchImage(source: string, options: FetchImageOptions = {}): Promise<FetchedImage> {
  const image = await fetchImageIfChanged(source, undefined, options);
  if ('notModified' in image) throw new Error('fetchImage: a 304 answer to an unconditional request');
  return image;
}

/**
 * fetchImage, conditionally: with the validators of a copy the caller holds (an earlier FetchedImage's
 * `validators`), an http(s) server whose image has not changed answers 304 and this returns NotModified
 * without a body; otherwise the image, checked as fetchImage checks it. Without validators it is fetchImage.
 */
export async function fetchImageIfChanged(
  source: string,
  known: Validators | undefined,
  options: FetchImageOptions = {},
): Promise<FetchedImage | NotModified> {
  const maxBytes = positive('maxBytes', options.maxBytes ?? IMAGE_FETCH_DEFAULTS.maxBytes);
  const maxPixels = positive('maxPixels', options.maxPixels ?? IMAGE_FETCH_DEFAULTS.maxPixels);
  const maxRedirects = options.maxRedirects ?? IMAGE_FETCH_DEFAULTS.maxRedirects;
  if (!(Number.isInteger(maxRedirects) && maxRedirects >= 0)) {
    throw new RangeError('fetchImage: maxRedirects must be a whole number, 0 or more');
  }
  const scheme = SCHEME.exec(source.trim())?.[1]?.toLowerCase();
  let loaded: {
    bytes: Buffer;
    url: string;
    contentType?: string | undefined;
    subject?: ImageSubject;
    validators?: Validators;
  };
  if (scheme === 'http' || scheme === 'https') {
    const answer = await downloadIfChanged(source, {
      timeoutMs: positive('timeoutMs', options.timeoutMs ?? IMAGE_FETCH_DEFAULTS.timeoutMs),
      maxBytes,
      maxRedirects,
      allowHosts: options.allowHosts ?? [],
      lookup: options.lookup ?? systemLookup,
      ...(known ? { ifChanged: known } : {}),
    });
    if ('notModified' in answer) return answer;
    loaded = answer;
  } else if (scheme === 'data') {
    loaded = decodeDataUrl(source.trim(), maxBytes);
  } else if (options.allowFiles === true && (scheme === undefined || scheme === 'file')) {
    loaded = await readLocalFile(source, maxBytes);
  } else {
    throw badScheme(source, scheme, options.allowFiles === true);
  }
  const subject = loaded.subject ?? { source };
  if (loaded.bytes.length === 0) throw new ImageLoadError('NOT_AN_IMAGE', subject, 'is empty');
  const format = sniffFormat(loaded.bytes);
  if (format === undefined) {
    const served = loaded.contentType === undefined ? '' : ` (served as ${loaded.contentType})`;
    throw new ImageLoadError(
      'NOT_AN_IMAGE',
      subject,
      `is not an image (expected JPEG, PNG, WebP, GIF, AVIF, TIFF or SVG): ${describeContent(loaded.bytes)}${served}`,
    );
  }
  const image = await inspectImage(loaded.bytes, format, maxPixels, subject);
  return { ...image, url: loaded.url, ...(loaded.validators ? { validators: loaded.validators } : {}) };
}

function badScheme(source: string, scheme: string | undefined, allowFiles: boolean): ImageLoadError {
  const accepted = allowFiles
    ? 'http:, https: and data: URLs, file: URLs and file paths'
    : 'http:, https: and data: URLs';
  const reason =
    scheme === undefined
      ? `is not a URL; only ${accepted} are loaded here (file paths only by the command-line renderer)`
      : `uses the unsupported scheme "${scheme}:"; only ${accepted} are loaded`;
  return new ImageLoadError('BAD_SCHEME', { source }, reason);
}
