/**
 * Opens a catalogue source as a byte stream: an http(s) feed URL through @adloom/net's guarded client
 * (every hop checked and its socket pinned to the checked addresses), cut off when the host is slow to
 * answer, stops sending, sends slower than the minimum rate, takes longer than the total cap, or sends
 * more than the byte cap; or an uploaded file from the file store.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
// The guarded client the renderer's image fetch uses too, so image and feed fetches share one SSRF policy.
import {
  decodedBody,
  guardedGet,
  type HostLookup,
  NetError,
  parseHttpUrl,
  shortenUrl,
  systemLookup,
} from '@adloom/net';
import type { FileStore } from '../../../storage/file-store.js';
import { DEFAULT_MAX_FEED_BYTES, formatSize } from './parse.js';

/** Where an import reads its feed from. */
export type CatalogSource = { kind: 'url'; url: string } | { kind: 'file'; key: string };

export type FeedFetchErrorCode =
  | 'BAD_URL'
  | 'REFUSED'
  | 'NOT_FOUND'
  | 'HTTP_STATUS'
  | 'TOO_MANY_REDIRECTS'
  | 'TIMEOUT'
  | 'IDLE'
  | 'TOO_SLOW'
  | 'TOO_LARGE'
  | 'NETWORK';

/** A feed that could not be fetched; the message is for the user. */
export class FeedFetchError extends Error {
  override readonly name = 'FeedFetchError';
  constructor(
    readonly code: FeedFetchErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface FetchSourceOptions {
  /** Hosts (or host:port) that may be private, e.g. a feed server on the company network. */
  allowHosts?: readonly string[] | undefined;
  lookup?: HostLookup | undefined;
  /** DNS, connect and response headers of each hop (default 30 s). */
  connectTimeoutMs?: number | undefined;
  /** No byte for this long while we wait for one ends the download (default 60 s). */
  idleTimeoutMs?: number | undefined;
  /** The whole download (default 1 hour). */
  totalTimeoutMs?: number | undefined;
  /**
   * The minimum rate: fewer bytes than this (as sent) in a window of `minRateWindowMs` ends the download
   * (default 16 KiB). The first window is not judged; time the reader spends writing is not counted.
   */
  minRateBytes?: number | undefined;
  /** The window of the minimum rate (default 30 s). */
  minRateWindowMs?: number | undefined;
  /** Most bytes of the body (default 2 GB). */
  maxBytes?: number | undefined;
  /** Default 5. */
  maxRedirects?: number | undefined;
}

/** An opened source. Destroy `stream` to stop early; the connection closes with it. */
export interface OpenedSource {
  stream: Readable;
  /** Bytes the source announced (Content-Length, file size), when it did. */
  size: number | undefined;
  /** Bytes received so far, as sent (before any Content-Encoding is undone). */
  bytesReceived(): number;
  /** The URL the body came from, after redirects. */
  url?: string | undefined;
}

export const FETCH_DEFAULTS = {
  connectTimeoutMs: 30_000,
  idleTimeoutMs: 60_000,
  totalTimeoutMs: 60 * 60_000,
  minRateBytes: 16 * 1024,
  minRateWindowMs: 30_000,
  maxBytes: DEFAULT_MAX_FEED_BYTES,
  maxRedirects: 5,
} as const;

const USER_AGENT = 'Adloom-Catalog/1.0 (catalogue importer)';
const ACCEPT =
  'application/xml, text/xml, application/rss+xml, application/atom+xml, text/csv, text/tab-separated-values, application/gzip, */*;q=0.5';

/** Opens an uploaded file or a feed URL; fails fast on a refused, missing or unreachable source. */
export async function openCatalogSource(
  files: Pick<FileStore, 'get'>,
  source: CatalogSource,
  options: FetchSourceOptions = {},
): Promise<OpenedSource> {
  if (source.kind === 'file') {
    const file = await files.get(source.key);
    if (!file) throw new FeedFetchError('NOT_FOUND', 'The uploaded feed file was not found; upload it again');
    let received = 0;
    const counted = async function* () {
      for await (const chunk of file.stream) {
        received += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    };
    return {
      stream: Readable.from(counted(), { objectMode: false }),
      size: file.size,
      bytesReceived: () => received,
    };
  }
  return openUrl(source.url, options);
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** The guarded client's refusal or failure, in the words of a feed (`href`: the URL as the user gave it). */
function feedError(
  error: NetError,
  { href, maxRedirects, connectTimeoutMs }: { href: string; maxRedirects: number; connectTimeoutMs: number },
): FeedFetchError {
  const cause = { cause: error };
  switch (error.code) {
    case 'BAD_URL':
      return new FeedFetchError(
        'BAD_URL',
        error.redirected
          ? `The feed URL redirected to ${error.url}, which is not a valid URL`
          : `The feed URL ${href} is not a valid URL`,
        cause,
      );
    case 'BAD_SCHEME':
      return new FeedFetchError(
        'BAD_URL',
        error.redirected
          ? `The feed URL redirected to ${error.detail} (only http:// and https:// are followed)`
          : `The feed URL must start with http:// or https:// (it is ${error.detail})`,
        cause,
      );
    case 'CREDENTIALS':
      return new FeedFetchError(
        'BAD_URL',
        'The feed URL carries a user name or password, which are never sent; use a URL with a token in its query instead',
        cause,
      );
    case 'NO_LOCATION':
      return new FeedFetchError(
        'HTTP_STATUS',
        `The feed host answered HTTP ${error.detail} without a Location`,
        cause,
      );
    case 'TOO_MANY_REDIRECTS':
      return new FeedFetchError(
        'TOO_MANY_REDIRECTS',
        `The feed URL redirected more than ${maxRedirects} times`,
        cause,
      );
    case 'HOP_TIMEOUT':
      return new FeedFetchError(
        'TIMEOUT',
        `The feed host did not answer within ${seconds(connectTimeoutMs)}`,
        cause,
      );
    case 'PRIVATE_ADDRESS':
    case 'NOT_FOUND':
    case 'NETWORK': {
      const code =
        error.code === 'PRIVATE_ADDRESS' ? 'REFUSED' : error.code === 'NOT_FOUND' ? 'NOT_FOUND' : 'NETWORK';
      return new FeedFetchError(code, `Feed ${shortenUrl(error.url)} ${error.reason}`, cause);
    }
  }
}

async function openUrl(href: string, options: FetchSourceOptions): Promise<OpenedSource> {
  const limits = { ...FETCH_DEFAULTS, ...withoutUndefined(options) };
  const failure = (error: unknown) =>
    error instanceof NetError ? feedError(error, { href, ...limits }) : (error as Error);
  let start: URL;
  try {
    start = parseHttpUrl(href.trim());
  } catch (error) {
    throw failure(error);
  }
  const controller = new AbortController();
  let abortReason: FeedFetchError | undefined;
  const abort = (reason: FeedFetchError) => {
    abortReason ??= reason;
    controller.abort(reason);
  };
  const total = setTimeout(
    () =>
      abort(
        new FeedFetchError(
          'TIMEOUT',
          `The feed took longer than ${seconds(limits.totalTimeoutMs)} to download`,
        ),
      ),
    limits.totalTimeoutMs,
  );
  total.unref();
  try {
    const { response, url } = await guardedGet(start, {
      allowHosts: options.allowHosts ?? [],
      lookup: options.lookup ?? systemLookup,
      purpose: 'catalogue imports',
      maxRedirects: limits.maxRedirects,
      headers: { accept: ACCEPT, 'accept-encoding': 'gzip, deflate, br', 'user-agent': USER_AGENT },
      signal: controller.signal,
      hopTimeoutMs: limits.connectTimeoutMs,
    });
    const status = response.statusCode ?? 0;
    const where = url.href === start.href ? '' : ` (redirected to ${url.href})`;
    if (status < 200 || status > 299) {
      response.destroy();
      throw statusError(status, response.statusMessage, where);
    }
    const declared = Number(response.headers['content-length']);
    if (declared > limits.maxBytes) {
      response.destroy();
      throw new FeedFetchError(
        'TOO_LARGE',
        `The feed is larger than ${formatSize(limits.maxBytes)} (the host announced ${formatSize(declared)})`,
      );
    }
    // An encoding it does not know is read as sent (a .gz file sent as is is inflated later, by its bytes).
    const decoded = decodedBody(response) ?? response;
    const body = new FeedBody(response, decoded, limits, controller, () => abortReason, total);
    return {
      stream: body,
      size: Number.isFinite(declared) ? declared : undefined,
      bytesReceived: () => body.received,
      url: url.href,
    };
  } catch (error) {
    clearTimeout(total);
    if (abortReason) throw abortReason;
    if (error instanceof FeedFetchError || error instanceof NetError) throw failure(error);
    throw new FeedFetchError('NETWORK', `The feed could not be fetched: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

function statusError(status: number, statusMessage: string | undefined, where: string): FeedFetchError {
  const text = `HTTP ${status}${statusMessage ? ` ${statusMessage}` : ''}`;
  if (status === 404 || status === 410) {
    return new FeedFetchError('NOT_FOUND', `The feed was not found at its URL${where} (${text})`);
  }
  if (status === 401 || status === 403) {
    return new FeedFetchError(
      'HTTP_STATUS',
      `The feed host refused access${where} (${text}): check that the feed URL is public or carries its token`,
    );
  }
  return new FeedFetchError('HTTP_STATUS', `The feed host answered ${text}${where}; try again later`);
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The body as a stream that counts bytes and watches the host. The idle and rate clocks run only while
 * the reader is waiting for bytes: a reader busy writing to the database is not the host's fault.
 */
class FeedBody extends Readable {
  received = 0;
  private decodedBytes = 0;
  private idle: NodeJS.Timeout | undefined;
  private ended = false;
  /** The minimum rate: bytes received in the current window, and the reader's waiting time in it. */
  private rate: {
    timer: NodeJS.Timeout | undefined;
    waitingSince: number | undefined;
    waitedMs: number;
    bytes: number;
    windows: number;
  } = { timer: undefined, waitingSince: undefined, waitedMs: 0, bytes: 0, windows: 0 };

  constructor(
    private readonly response: IncomingMessage,
    private readonly decoded: Readable,
    private readonly limits: {
      idleTimeoutMs: number;
      maxBytes: number;
      minRateBytes: number;
      minRateWindowMs: number;
    },
    private readonly controller: AbortController,
    private readonly abortReason: () => FeedFetchError | undefined,
    private readonly total: NodeJS.Timeout,
  ) {
    super({ highWaterMark: 256 * 1024 });
    response.on('data', (chunk: Buffer) => {
      this.received += chunk.length;
      this.rate.bytes += chunk.length;
    });
    decoded.pause();
    decoded.on('data', (chunk: Buffer) => this.onData(chunk));
    decoded.on('end', () => {
      this.ended = true;
      this.stopClocks();
      this.push(null);
    });
    decoded.on('error', (error) => this.fail(error));
    response.on('error', (error) => this.fail(error));
    response.on('close', () => {
      if (!response.complete) this.fail(new Error('closed early'));
    });
  }

  private onData(chunk: Buffer): void {
    this.decodedBytes += chunk.length;
    if (this.decodedBytes > this.limits.maxBytes) {
      this.destroy(
        new FeedFetchError('TOO_LARGE', `The feed is larger than ${formatSize(this.limits.maxBytes)}`),
      );
      return;
    }
    if (this.push(chunk)) {
      this.armIdle();
    } else {
      this.disarmIdle();
      this.stopWaiting();
      this.decoded.pause();
    }
  }

  override _read(): void {
    if (this.ended) return;
    this.armIdle();
    this.startWaiting();
    this.decoded.resume();
  }

  private armIdle(): void {
    this.disarmIdle();
    this.idle = setTimeout(() => {
      const message = `The feed host stopped sending data for ${seconds(this.limits.idleTimeoutMs)}`;
      this.destroy(new FeedFetchError('IDLE', message));
    }, this.limits.idleTimeoutMs);
  }

  private disarmIdle(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = undefined;
  }

  /** The reader waits for bytes: the rate window's clock runs until the window is full. */
  private startWaiting(): void {
    if (this.rate.waitingSince !== undefined || this.destroyed) return;
    this.rate.waitingSince = Date.now();
    this.rate.timer = setTimeout(() => this.endWindow(), this.limits.minRateWindowMs - this.rate.waitedMs);
  }

  /** The reader is busy (its buffer is full): the clock stops, what it ran is kept for the window. */
  private stopWaiting(): void {
    if (this.rate.waitingSince === undefined) return;
    this.rate.waitedMs += Date.now() - this.rate.waitingSince;
    this.rate.waitingSince = undefined;
    clearTimeout(this.rate.timer);
  }

  /** A window of waiting is over: below the minimum after the first window, the download ends. */
  private endWindow(): void {
    const { minRateBytes, minRateWindowMs } = this.limits;
    const bytes = this.rate.bytes;
    this.rate.windows += 1;
    this.rate.bytes = 0;
    this.rate.waitedMs = 0;
    this.rate.waitingSince = undefined;
    if (this.rate.windows > 1 && bytes < minRateBytes) {
      const per = seconds(minRateWindowMs);
      const message = `The feed host sent ${formatSize(bytes)} in ${per}, below the minimum transfer rate of ${formatSize(minRateBytes)} per ${per}; ask the feed's host to serve it faster, or upload the file instead`;
      this.destroy(new FeedFetchError('TOO_SLOW', message));
      return;
    }
    this.startWaiting();
  }

  private stopClocks(): void {
    this.disarmIdle();
    this.stopWaiting();
    clearTimeout(this.total);
  }

  private fail(error: Error): void {
    if (this.destroyed) return;
    const reason = this.abortReason();
    if (reason) return void this.destroy(reason);
    if (error instanceof FeedFetchError) return void this.destroy(error);
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const message = code.startsWith('Z_')
      ? `The feed's compressed data is corrupt (${error.message})`
      : code === 'ECONNRESET' || error.message === 'aborted' || !this.response.complete
        ? 'The feed host closed the connection before the end of the feed; try again later'
        : `The feed download broke off: ${error.message}`;
    this.destroy(new FeedFetchError('NETWORK', message, { cause: error }));
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.stopClocks();
    const reason = this.abortReason();
    if (!this.controller.signal.aborted) this.controller.abort();
    this.decoded.destroy();
    this.response.destroy();
    callback(reason ?? error);
  }
}
