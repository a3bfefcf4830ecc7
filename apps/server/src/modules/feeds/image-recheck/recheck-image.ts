/**
 * Asks an image's server whether the picture behind a URL changed since an ad was made from it: a
 * conditional GET with the validators kept from that run (If-None-Match, If-Modified-Since). 304 says
 * unchanged; a 200 is read and hashed as generation hashes the bytes it downloads (bytesHash), so a server
 * that ignores the validators but serves the same bytes changes nothing either. 429 and 503 come back as
 * Throttled with their Retry-After for the pool to honour. Through @adloom/net's guarded client, as every
 * server-side fetch: private addresses refused unless allow-listed, redirects counted and checked.
 */
import type { IncomingMessage } from 'node:http';
import { guardedGet, type HostLookup, NetError, parseHttpUrl, readAtMost, systemLookup } from '@adloom/net';
import { IMAGE_FETCH_DEFAULTS } from '@adloom/renderer/images';
import type { CreativeInputImage } from '../../../db/schema.js';
import { bytesHash } from '../generation/input-hash.js';
import type { Throttled } from './polite-pool.js';

/** An image as a generated ad used it: its URL, the hash of its bytes and the validators it came with. */
export type RecheckTarget = Pick<CreativeInputImage, 'url' | 'hash' | 'etag' | 'lastModified'>;

export type RecheckAnswer =
  | { kind: 'unchanged' }
  | { kind: 'changed'; hash: string }
  /** Not known this time (no answer, an error status, refused): nothing changes; it is asked again next time. */
  | { kind: 'failed'; reason: string };

export interface RecheckOptions {
  /** Hosts that may resolve to private addresses (FETCH_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  /** The resolver (tests). */
  lookup?: HostLookup;
  /** The whole request (default: the image fetch's 10 s). */
  timeoutMs?: number;
  /** A larger body is not read (default: the image fetch's 25 MB); generation would refuse it too. */
  maxBytes?: number;
  signal?: AbortSignal;
  /** Wall-clock now (ms), for a Retry-After given as a date. */
  wallNow?: () => number;
}

const ACCEPT = 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/svg+xml,image/*;q=0.8,*/*;q=0.5';
const USER_AGENT = 'Adloom-Renderer/1.0 (image recheck)';
const PURPOSE = 'server-side image fetches';
const THROTTLE_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** The Retry-After header in ms: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, wallNow: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - wallNow);
}

/** One conditional request for `target`; never throws (an aborted signal answers failed). */
export async function recheckImage(
  target: RecheckTarget,
  options: RecheckOptions,
): Promise<RecheckAnswer | Throttled> {
  const timeoutMs = options.timeoutMs ?? IMAGE_FETCH_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? IMAGE_FETCH_DEFAULTS.maxBytes;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const signal = options.signal ? AbortSignal.any([controller.signal, options.signal]) : controller.signal;
  const conditional: Record<string, string> = {};
  if (target.etag) conditional['if-none-match'] = target.etag;
  if (target.lastModified) conditional['if-modified-since'] = target.lastModified;
  let response: IncomingMessage | undefined;
  try {
    ({ response } = await guardedGet(parseHttpUrl(target.url.trim()), {
      allowHosts: options.allowHosts,
      lookup: options.lookup ?? systemLookup,
      purpose: PURPOSE,
      maxRedirects: IMAGE_FETCH_DEFAULTS.maxRedirects,
      headers: { ...conditional, accept: ACCEPT, 'accept-encoding': 'identity', 'user-agent': USER_AGENT },
      signal,
    }));
    const status = response.statusCode ?? 0;
    if (status === 304 && Object.keys(conditional).length > 0) return { kind: 'unchanged' };
    if (THROTTLE_STATUSES.has(status)) {
      const header = response.headers['retry-after'];
      return {
        throttled: true,
        retryAfterMs: retryAfterMs(header, (options.wallNow ?? Date.now)()),
        reason: `HTTP ${status}`,
      };
    }
    if (status < 200 || status > 299) return { kind: 'failed', reason: `HTTP ${status}` };
    const bytes = await readAtMost(response, maxBytes);
    if (!bytes) return { kind: 'failed', reason: `larger than ${maxBytes} bytes` };
    const hash = bytesHash(bytes);
    return hash === target.hash ? { kind: 'unchanged' } : { kind: 'changed', hash };
  } catch (error) {
    if (signal.aborted) return { kind: 'failed', reason: `no answer within ${timeoutMs} ms` };
    if (error instanceof NetError) return { kind: 'failed', reason: error.message };
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
    response?.destroy();
  }
}
