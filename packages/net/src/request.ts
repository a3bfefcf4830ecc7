/**
 * One guarded GET: the URL checked, every hop's host resolved by the address guard and its socket pinned to
 * the checked addresses, redirects followed up to a limit, each hop within a time limit.
 */
import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import ipaddr from 'ipaddr.js';
import {
  bareHostname,
  type HostLookup,
  pinnedLookup,
  type ResolvedAddress,
  resolveSafeAddresses,
} from './address-guard.js';
import { NetError } from './errors.js';

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * Parses an http(s) URL (relative to `base` for a redirect's Location) and refuses one that carries a
 * user name or password: credentials are never sent. Throws a NetError (BAD_URL, BAD_SCHEME, CREDENTIALS).
 */
export function parseHttpUrl(href: string, base?: URL): URL {
  const redirected = base !== undefined;
  let url: URL;
  try {
    url = new URL(href, base);
  } catch (error) {
    throw new NetError('BAD_URL', href, 'is not a valid URL', { cause: error, redirected });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    const reason = `uses the unsupported scheme "${url.protocol}"`;
    throw new NetError('BAD_SCHEME', href, reason, { redirected, detail: url.protocol });
  }
  if (url.username !== '' || url.password !== '') {
    throw new NetError('CREDENTIALS', href, 'has a user name or password in its URL', { redirected });
  }
  return url;
}

/**
 * Request options for one hop: the real host name (so the Host header, TLS SNI and certificate check are
 * right) with a lookup that can only answer the checked addresses, a fresh agent (no pooled socket from
 * another hop), and no credentials of any kind. Node ignores HTTP(S)_PROXY, which we want: a proxy would
 * resolve the name itself and undo the pinning.
 */
export function requestOptions(
  url: URL,
  addresses: readonly ResolvedAddress[],
  signal: AbortSignal,
  headers: Readonly<Record<string, string>> = {},
): RequestOptions {
  const hostname = bareHostname(url);
  const options: RequestOptions = {
    protocol: url.protocol,
    hostname,
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    headers: { ...headers, host: url.host },
    lookup: pinnedLookup(addresses),
    agent: false,
    signal,
  };
  // SNI must not carry an IP address (RFC 6066); Node then checks the certificate against the IP itself.
  if (url.protocol === 'https:' && !ipaddr.isValid(hostname)) options.servername = hostname;
  return options;
}

/** Waits for a promise that cannot itself be cancelled (dns.lookup), giving up when the signal aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(abortReason(signal));
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new Error('aborted');

/** Policy and limits of {@link guardedGet}. */
export interface GuardedGetOptions {
  /** Hosts (or host:port) that may resolve to private addresses, e.g. an internal CDN. */
  readonly allowHosts: readonly string[];
  readonly lookup: HostLookup;
  /** Who may not reach private networks, for the refusal's text: 'server-side image fetches'. */
  readonly purpose: string;
  readonly maxRedirects: number;
  /** Request headers of every hop (accept, accept-encoding, user-agent, conditional ones); never credentials. */
  readonly headers: Readonly<Record<string, string>>;
  /** Ends the request, whatever hop it is at, and the returned response's socket. */
  readonly signal: AbortSignal;
  /** DNS, connect and response headers of each hop; HOP_TIMEOUT past it. */
  readonly hopTimeoutMs?: number;
  /** Told each URL a redirect leads to, before its hop starts. */
  readonly onRedirect?: (url: URL) => void;
}

/** The answer that is no redirect, and the URL it came from. */
export interface GuardedResponse {
  readonly response: IncomingMessage;
  readonly url: URL;
}

/**
 * GETs an http(s) URL without cookies or credentials, following at most `maxRedirects` redirects, each hop
 * checked by the address guard and its socket pinned to the checked addresses. Returns the first answer
 * that is not a redirect, unread (destroy it when done); throws a NetError for a refused hop, a bad or
 * missing Location, too many redirects or a hop past its time, and the socket's error otherwise.
 */
export async function guardedGet(start: URL, options: GuardedGetOptions): Promise<GuardedResponse> {
  let url = start;
  for (let redirects = 0; ; redirects += 1) {
    const response = await oneHop(url, options, redirects > 0);
    const status = response.statusCode ?? 0;
    if (!REDIRECT_STATUSES.has(status)) return { response, url };
    response.destroy();
    const location = response.headers.location;
    if (location === undefined || location === '') {
      const reason = `answered HTTP ${status} without a Location header`;
      throw new NetError('NO_LOCATION', url.href, reason, {
        redirected: redirects > 0,
        detail: String(status),
      });
    }
    if (redirects >= options.maxRedirects) {
      const reason = `redirected more than ${options.maxRedirects} times`;
      throw new NetError('TOO_MANY_REDIRECTS', url.href, reason, { redirected: redirects > 0 });
    }
    url = parseHttpUrl(location, url);
    options.onRedirect?.(url);
  }
}

/** One hop: the guard, then the request up to its response headers, within the hop's time. */
async function oneHop(url: URL, options: GuardedGetOptions, redirected: boolean): Promise<IncomingMessage> {
  const hop = new AbortController();
  const timer =
    options.hopTimeoutMs === undefined ? undefined : setTimeout(() => hop.abort(), options.hopTimeoutMs);
  const signal = AbortSignal.any([options.signal, hop.signal]);
  try {
    const guard = { allowHosts: options.allowHosts, lookup: options.lookup, purpose: options.purpose };
    const addresses = await untilAborted(resolveSafeAddresses(url, guard), signal).catch((error: unknown) => {
      throw error instanceof NetError && redirected ? error.fromRedirect() : error;
    });
    return await send(url, addresses, signal, options.headers);
  } catch (error) {
    if (hop.signal.aborted && !options.signal.aborted) {
      const reason = `did not answer within ${options.hopTimeoutMs} ms`;
      throw new NetError('HOP_TIMEOUT', url.href, reason, { cause: error, redirected });
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function send(
  url: URL,
  addresses: readonly ResolvedAddress[],
  signal: AbortSignal,
  headers: Readonly<Record<string, string>>,
): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = request(requestOptions(url, addresses, signal, headers), resolve);
    outgoing.on('error', reject);
    outgoing.end();
  });
}
