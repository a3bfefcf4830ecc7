/**
 * The pixel size of catalogue item images, read from their first bytes, for the "image too small"
 * diagnostics (ad networks refuse item images under a minimum size). Fetches go through @adloom/net's
 * guarded client, as the catalogue import's and the renderer's do: private addresses refused unless
 * allow-listed, each hop's socket pinned to the addresses checked, redirects counted. The size is read by
 * the renderer's own header reader, so a diagnostic and a render agree on it.
 */
import type { IncomingMessage } from 'node:http';
import { addAbortSignal } from 'node:stream';
import {
  contentEncoding,
  decodedBody,
  type GuardOptions,
  guardedGet,
  NetError,
  parseHttpUrl,
  shortenUrl,
  systemLookup,
} from '@adloom/net';
import { type ImageSize, readImageSize } from '@adloom/renderer';
import { formatSize } from '../import/parse.js';

export interface ProbedSize {
  width: number;
  height: number;
  format: string;
}

/** A failure's `hostFailure` says the host, not this one image, failed (no answer, not found, refused). */
export type ProbeResult =
  { ok: true; size: ProbedSize } | { ok: false; reason: string; hostFailure?: boolean };

export interface ProbeOptions {
  /**
   * The address guard's policy, as the catalogue import's fetches take it: hosts that may be private
   * (FETCH_ALLOW_HOSTS) and the resolver (tests). @adloom/net's own option types.
   */
  guard?: Partial<Pick<GuardOptions, 'allowHosts' | 'lookup'>>;
  /** Bytes read at most per image (default 256 KB): the size is in the header. */
  maxBytes?: number;
  /** Per-request time limit (default 10 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

const DEFAULTS = {
  maxBytes: 256 * 1024,
  timeoutMs: 10_000,
  concurrency: 8,
  perHost: 2,
  giveUpAfter: 5,
} as const;
/** As the renderer's image fetch: the diagnostic follows the redirects a render would. */
const MAX_REDIRECTS = 3;
/** The purpose the import's image-host check names, so both refusals read alike. */
const PURPOSE = 'server-side image fetches';
const ACCEPT = 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/svg+xml,image/*;q=0.8,*/*;q=0.5';
const USER_AGENT = 'Adloom-Diagnostics/1.0 (image size probe)';
/** Content types that say nothing of the content: the bytes decide. */
const UNTYPED: ReadonlySet<string> = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/**
 * Fetches the first bytes of the image (a Range request: `bytes=0-<maxBytes-1>`; a server that ignores Range is
 * read only up to maxBytes and then the connection is dropped) and reads its width and height.
 * Reading stops as soon as the header's size is settled. Rejects only when `signal` aborts (with its reason).
 */
export async function probeImageSize(url: string, options: ProbeOptions = {}): Promise<ProbeResult> {
  const { maxBytes, timeoutMs } = limitsOf(options);
  const outer = options.signal;
  outer?.throwIfAborted();
  // Not AbortSignal.any over the caller's signal: it lives for the whole job and outlasts thousands of probes.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const stop = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', stop, { once: true });
  try {
    const { response } = await guardedGet(parseHttpUrl(url.trim()), {
      allowHosts: options.guard?.allowHosts ?? [],
      lookup: options.guard?.lookup ?? systemLookup,
      purpose: PURPOSE,
      maxRedirects: MAX_REDIRECTS,
      headers: {
        accept: ACCEPT,
        // A range of compressed bytes would not inflate on its own.
        'accept-encoding': 'identity',
        range: `bytes=0-${maxBytes - 1}`,
        'user-agent': USER_AGENT,
      },
      signal: controller.signal,
    });
    try {
      return await readHeader(response, controller.signal, maxBytes);
    } finally {
      // One request per socket (agent: false): this drops the connection, however much the server meant to send.
      response.destroy();
    }
  } catch (error) {
    if (outer?.aborted) throw outer.reason;
    if (timedOut) return hostFailed(`The image did not answer within ${seconds(timeoutMs)}`);
    if (error instanceof NetError)
      return HOST_ERRORS.has(error.code) ? hostFailed(netReason(error)) : failure(netReason(error));
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return hostFailed(`The image host could not be reached (${code})`);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', stop);
  }
}

/**
 * Probes many URLs with at most `concurrency` (default 8) requests at once overall and at most `perHost`
 * (default 2) at once per host, calling onResult as each finishes; stops early when the signal aborts.
 * Each distinct URL is probed once; hosts take turns, so a catalogue's main CDN does not hold the others
 * up. onResult is awaited before its slot takes another URL (a slow consumer slows the probing). When the
 * signal aborts, no new probe starts and the ones under way report nothing (a stopped probe says nothing
 * of its image); it resolves once they have ended. It rejects with the first error onResult throws.
 */
export async function probeImageSizes(
  urls: readonly string[],
  options: ProbeOptions & {
    concurrency?: number;
    perHost?: number;
    /**
     * After this many host failures in a row (no answer, not found, refused; default 5), a host's other
     * URLs are reported failed with its last reason without a request: a dead host must not hold a job for
     * hours at one time-out per image.
     */
    giveUpAfter?: number;
    onResult: (url: string, result: ProbeResult) => void | Promise<void>;
  },
): Promise<void> {
  const {
    concurrency = DEFAULTS.concurrency,
    perHost = DEFAULTS.perHost,
    giveUpAfter = DEFAULTS.giveUpAfter,
    onResult,
    ...probe
  } = options;
  limitsOf(probe);
  wholePositive('concurrency', concurrency);
  wholePositive('perHost', perHost);
  const { signal } = probe;
  const hosts = new Map<string, HostTurn>();
  for (const url of new Set(urls)) {
    const key = hostKey(url);
    const host = hosts.get(key) ?? {
      urls: [],
      next: 0,
      running: 0,
      waiting: true,
      failuresInRow: 0,
      givenUp: undefined,
    };
    host.urls.push(url);
    hosts.set(key, host);
  }
  /** Hosts with URLs left and a free slot, in turn. */
  const ready = [...hosts.values()];
  let running = 0;
  let failed: { error: unknown } | undefined;
  const stopped = () => failed !== undefined || signal?.aborted === true;

  return new Promise<void>((resolve, reject) => {
    const launch = () => {
      while (!stopped() && running < concurrency && ready.length > 0) {
        const host = ready.shift()!;
        const url = host.urls[host.next]!;
        host.next += 1;
        host.running += 1;
        running += 1;
        host.waiting = host.next < host.urls.length && host.running < perHost;
        if (host.waiting) ready.push(host);
        void run(host, url);
      }
      if (running === 0 && (stopped() || ready.length === 0)) {
        if (failed) reject(failed.error);
        else resolve();
      }
    };
    const run = async (host: HostTurn, url: string) => {
      try {
        const result: ProbeResult = host.givenUp
          ? {
              ok: false,
              reason: `${host.givenUp} (not tried: the host failed ${giveUpAfter} times in a row)`,
              hostFailure: true,
            }
          : await probeImageSize(url, probe);
        if (!result.ok && result.hostFailure === true) {
          host.failuresInRow += 1;
          if (host.failuresInRow >= giveUpAfter) host.givenUp ??= result.reason;
        } else host.failuresInRow = 0;
        if (!stopped()) await onResult(url, result);
      } catch (error) {
        // probeImageSize rejects only when the signal aborts; anything else came from onResult.
        if (!signal?.aborted) failed ??= { error };
      } finally {
        host.running -= 1;
        running -= 1;
        if (!host.waiting && host.next < host.urls.length) {
          host.waiting = true;
          ready.push(host);
        }
        launch();
      }
    };
    launch();
  });
}

/** One host's URLs, the next one to probe, its probes under way, and whether it waits in the ready list. */
interface HostTurn {
  urls: string[];
  next: number;
  running: number;
  waiting: boolean;
  /** Host failures of its latest probes, in a row. */
  failuresInRow: number;
  /** The reason its other URLs are reported with, once it failed giveUpAfter times in a row. */
  givenUp: string | undefined;
}

/** Host names (not ports) share a limit; a URL that does not parse fails without a request, on its own. */
function hostKey(url: string): string {
  const trimmed = url.trim();
  return URL.canParse(trimmed) ? `host:${new URL(trimmed).hostname}` : `url:${url}`;
}

function limitsOf(options: ProbeOptions): { maxBytes: number; timeoutMs: number } {
  const maxBytes = wholePositive('maxBytes', options.maxBytes ?? DEFAULTS.maxBytes);
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  if (!(Number.isFinite(timeoutMs) && timeoutMs > 0))
    throw new RangeError('probeImageSize: timeoutMs must be a positive number');
  return { maxBytes, timeoutMs };
}

function wholePositive(name: string, value: number): number {
  if (!(Number.isInteger(value) && value > 0))
    throw new RangeError(`probeImageSize: ${name} must be a whole number above 0`);
  return value;
}

const failure = (reason: string): ProbeResult => ({ ok: false, reason });
const hostFailed = (reason: string): ProbeResult => ({ ok: false, reason, hostFailure: true });
/** The guard's errors that concern the host rather than one URL. */
const HOST_ERRORS: ReadonlySet<NetError['code']> = new Set([
  'PRIVATE_ADDRESS',
  'NOT_FOUND',
  'NETWORK',
  'HOP_TIMEOUT',
]);

const found = ({ width, height, format }: ImageSize): ProbeResult => ({
  ok: true,
  size: { width, height, format },
});

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${Number((ms / 1000).toFixed(1))} s`;
}

/** The answer read up to the image's size: early when the size is settled, else up to maxBytes or the end. */
async function readHeader(
  response: IncomingMessage,
  signal: AbortSignal,
  maxBytes: number,
): Promise<ProbeResult> {
  const status = response.statusCode ?? 0;
  // Only an empty file has no byte 0 to give.
  if (status === 416) return failure('The image file is empty (HTTP 416)');
  if (status < 200 || status > 299) return failure(`The image host refused it (HTTP ${status})`);
  const range = status === 206 ? contentRange(response) : undefined;
  if (range !== undefined && range.start !== 0)
    return failure(`The image host sent a part other than the start of the image (bytes ${range.start}-)`);
  const body = decodedBody(response, addAbortSignal(signal, response));
  if (body === undefined)
    return failure(
      `The image is sent with an encoding the server cannot read (${contentEncoding(response)})`,
    );
  const head = new ImageHead(maxBytes);
  let ended = true;
  let brokenOff = false;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      head.append(chunk);
      const early = earlySize(head);
      if (early) return found(early);
      if (head.full) {
        ended = false;
        break;
      }
    }
  } catch (error) {
    if (signal.aborted) throw error;
    ended = false;
    brokenOff = true;
  }
  const whole =
    ended &&
    (status !== 206 ||
      (range?.total !== undefined && range.end + 1 >= range.total && head.length >= range.total));
  const size = whole ? readImageSize(head.bytes()) : settledSize(head);
  if (size) return found(size);
  const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (head.length === 0 && !brokenOff) return failure('The image file is empty');
  if (!UNTYPED.has(type) && !type.startsWith('image/')) return failure(`Not an image (${type})`);
  if (brokenOff) return failure(`The image host broke off after ${formatSize(head.length)}`);
  if (!whole) return failure(`The image size is not in its first ${formatSize(head.length)}`);
  return UNTYPED.has(type)
    ? failure('Not an image (no image format the server reads)')
    : failure(`Not an image format the server reads (${type}); use JPEG or PNG`);
}

/** A 206's Content-Range, `bytes 0-262143/1048576` (the total may be `*`). */
function contentRange(response: IncomingMessage): { start: number; end: number; total?: number } | undefined {
  const match = /^bytes\s+(\d+)-(\d+)\/(\d+|\*)$/i.exec((response.headers['content-range'] ?? '').trim());
  if (!match) return undefined;
  const [, start, end, total] = match;
  return { start: Number(start), end: Number(end), ...(total === '*' ? {} : { total: Number(total) }) };
}

/** Bytes of padding settledSize puts after a part; more than any header field readImageSize reads past its start. */
const PADDING = 64;

/** The first bytes of a body, at most `limit`, with room after them for settledSize's padding. */
class ImageHead {
  private buffer = Buffer.alloc(0);
  length = 0;

  constructor(private readonly limit: number) {}

  get full(): boolean {
    return this.length >= this.limit;
  }

  append(chunk: Buffer): void {
    const take = Math.min(chunk.length, this.limit - this.length);
    const needed = this.length + take + PADDING;
    if (needed > this.buffer.length) {
      const grown = Buffer.allocUnsafe(
        Math.max(needed, Math.min(this.buffer.length * 2, this.limit + PADDING)),
      );
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    chunk.copy(this.buffer, this.length, 0, take);
    this.length += take;
  }

  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }

  /** The bytes followed by PADDING bytes of 0xFF. */
  padded(): Buffer {
    this.buffer.fill(0xff, this.length, this.length + PADDING);
    return this.buffer.subarray(0, this.length + PADDING);
  }
}

/**
 * The size read from the start of an image, when the bytes after it cannot change it. readImageSize reads
 * a missing byte as 0, so a header cut in the middle of a field gives a wrong size (a JPEG 499 wide cut
 * after the width's high byte reads 256): the size counts only when the same bytes followed by 0xFF give
 * the same one.
 */
function settledSize(head: ImageHead): ImageSize | undefined {
  const size = readImageSize(head.bytes());
  if (size === undefined) return undefined;
  const padded = readImageSize(head.padded());
  const same = padded?.format === size.format && padded.width === size.width && padded.height === size.height;
  return same ? size : undefined;
}

/**
 * A settled size while more bytes may come. A GIF's canvas grows to its largest frame and an AVIF's size is
 * its largest item, anywhere in the file: those wait for the end or maxBytes.
 */
function earlySize(head: ImageHead): ImageSize | undefined {
  const size = settledSize(head);
  return size && size.format !== 'gif' && size.format !== 'avif' ? size : undefined;
}

/** The guarded client's refusal or failure, for the diagnostics list. */
function netReason(error: NetError): string {
  const host = URL.canParse(error.url) ? new URL(error.url).host : shortenUrl(error.url);
  switch (error.code) {
    case 'PRIVATE_ADDRESS':
      return `The server may not fetch from this host (${host}): ${error.reason.replace(/^is refused: /, '')}`;
    case 'NOT_FOUND':
      return `The image host was not found (${host})`;
    case 'NETWORK':
      return `The image host could not be looked up (${host})`;
    case 'BAD_URL':
      return error.redirected
        ? `The image URL redirected to ${shortenUrl(error.url)}, which is not a valid URL`
        : 'The image URL is not a valid URL';
    case 'BAD_SCHEME':
      return error.redirected
        ? `The image URL redirected to a ${error.detail ?? ''} URL; only http:// and https:// are followed`
        : 'The image URL must start with http:// or https://';
    case 'CREDENTIALS':
      return 'The image URL carries a user name or password, which are never sent';
    case 'NO_LOCATION':
      return `The image host answered HTTP ${error.detail ?? ''} without a Location`;
    case 'TOO_MANY_REDIRECTS':
      return `The image URL redirected more than ${MAX_REDIRECTS} times`;
    case 'HOP_TIMEOUT':
      return 'The image host did not answer in time';
  }
}
