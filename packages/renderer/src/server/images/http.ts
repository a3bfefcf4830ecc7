import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import { addAbortSignal, pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';
import {
  bareHostname,
  type HostLookup,
  pinnedLookup,
  type ResolvedAddress,
  resolveSafeAddresses,
} from './address-guard.js';
import { formatBytes, ImageLoadError, type ImageSubject } from './errors.js';
import { readAtMost } from './read-limited.js';

/** Limits and policy of one download. */
export interface DownloadLimits {
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxRedirects: number;
  readonly allowHosts: readonly string[];
  readonly lookup: HostLookup;
  /** The Accept header; default: image types. */
  readonly accept?: string;
  /** Starts error messages ('Image' by default). */
  readonly noun?: string;
  /** Ends the download early, as the timeout does. */
  readonly signal?: AbortSignal;
  /**
   * Validators of a copy the caller holds (from an earlier download's `validators`): sent as
   * If-None-Match and If-Modified-Since, so a server whose file has not changed answers 304 without a body.
   */
  readonly ifChanged?: Validators;
}

/** What identifies a version of a file on its server: the ETag and Last-Modified headers it sent. */
export interface Validators {
  readonly etag?: string;
  readonly lastModified?: string;
}

/** A downloaded body, before anyone has looked at what it contains. */
export interface Downloaded {
  readonly bytes: Buffer;
  /** The URL the body came from, after redirects. */
  readonly url: string;
  readonly contentType: string | undefined;
  readonly subject: ImageSubject;
  /** The response's validators, for a conditional request next time (absent when it sent none). */
  readonly validators?: Validators;
}

/** The server's answer to a conditional request when the caller's copy is still current (HTTP 304). */
export interface NotModified {
  readonly notModified: true;
  /** The URL that answered, after redirects. */
  readonly url: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const ACCEPT = 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/svg+xml,image/*;q=0.8,*/*;q=0.5';
const USER_AGENT = 'Adloom-Renderer/1.0 (image fetcher)';

type Answer =
  | { readonly location: string }
  | { readonly notModified: true }
  | {
      readonly bytes: Buffer;
      readonly contentType: string | undefined;
      readonly validators: Validators | undefined;
    };

/** Parses an http(s) URL and refuses one that carries a user name or password (credentials are never sent). */
export function parseHttpUrl(href: string, base: URL | undefined, subject: ImageSubject): URL {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch (error) {
    throw new ImageLoadError('BAD_URL', subject, 'is not a valid URL', { cause: error });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ImageLoadError(
      'BAD_SCHEME',
      subject,
      `uses the unsupported scheme "${url.protocol}"; a redirect may lead only to http: or https:`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new ImageLoadError(
      'BAD_URL',
      subject,
      'has a user name or password in its URL; requests never carry credentials',
    );
  }
  return url;
}

/**
 * GETs an http(s) URL without cookies or credentials, following at most `maxRedirects` redirects. Each
 * hop is checked by the address guard and its socket pinned to the checked addresses; `timeoutMs` bounds
 * the whole load (DNS, connect, headers and body of every hop).
 */
export async function download(source: string, limits: DownloadLimits): Promise<Downloaded> {
  const { ifChanged: _ignored, ...unconditional } = limits;
  const answer = await downloadIfChanged(source, unconditional);
  // Without validators a 304 is not taken as an answer (readAnswer refuses it as an HTTP status).
  if ('notModified' in answer) throw new Error('download: a 304 answer to an unconditional request');
  return answer;
}

/**
 * download() with the validators of `limits.ifChanged` sent on every hop: NotModified when the server
 * answers 304, the body otherwise (with the response's own validators).
 */
export async function downloadIfChanged(
  source: string,
  limits: DownloadLimits,
): Promise<Downloaded | NotModified> {
  const noun = limits.noun === undefined ? {} : { noun: limits.noun };
  let subject: ImageSubject = { source, ...noun };
  let url = parseHttpUrl(source.trim(), undefined, subject);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  const signal = limits.signal ? AbortSignal.any([controller.signal, limits.signal]) : controller.signal;
  try {
    for (let redirects = 0; ; redirects += 1) {
      const guard = { allowHosts: limits.allowHosts, lookup: limits.lookup, subject };
      const addresses = await untilAborted(resolveSafeAddresses(url, guard), signal);
      const headers = { accept: limits.accept ?? ACCEPT, ...conditionalHeaders(limits.ifChanged) };
      const answer = await getOnce(url, addresses, signal, limits.maxBytes, subject, headers);
      if ('notModified' in answer) return { notModified: true, url: url.href };
      if ('bytes' in answer) {
        return {
          bytes: answer.bytes,
          url: url.href,
          contentType: answer.contentType,
          subject,
          ...(answer.validators ? { validators: answer.validators } : {}),
        };
      }
      if (redirects >= limits.maxRedirects) {
        throw new ImageLoadError(
          'TOO_MANY_REDIRECTS',
          subject,
          `redirected more than ${limits.maxRedirects} times`,
        );
      }
      const next = parseHttpUrl(answer.location, url, { source, redirectedTo: answer.location, ...noun });
      subject = { source, redirectedTo: next.href, ...noun };
      url = next;
    }
  } catch (error) {
    // Whatever broke once the clock ran out (a destroyed socket, an aborted lookup) is the timeout.
    if (signal.aborted) {
      if (limits.signal?.aborted) throw limits.signal.reason ?? error;
      throw new ImageLoadError('TIMEOUT', subject, `did not load within ${limits.timeoutMs} ms`, {
        cause: error,
      });
    }
    if (error instanceof ImageLoadError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ImageLoadError('NETWORK', subject, `could not be loaded: ${reason}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** If-None-Match and If-Modified-Since for the validators a caller holds. */
function conditionalHeaders(validators: Validators | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  return headers;
}

/** Waits for a promise that cannot itself be cancelled (dns.lookup), giving up when the signal aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
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
  accept = ACCEPT,
  extraHeaders: Readonly<Record<string, string>> = {},
): RequestOptions {
  const hostname = bareHostname(url);
  const options: RequestOptions = {
    protocol: url.protocol,
    hostname,
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    headers: {
      ...extraHeaders,
      host: url.host,
      accept,
      'accept-encoding': 'identity',
      'user-agent': USER_AGENT,
    },
    lookup: pinnedLookup(addresses),
    agent: false,
    signal,
  };
  // SNI must not carry an IP address (RFC 6066); Node then checks the certificate against the IP itself.
  if (url.protocol === 'https:' && !ipaddr.isValid(hostname)) options.servername = hostname;
  return options;
}

function getOnce(
  url: URL,
  addresses: readonly ResolvedAddress[],
  signal: AbortSignal,
  maxBytes: number,
  subject: ImageSubject,
  headers: { accept: string } & Record<string, string>,
): Promise<Answer> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const { accept, ...extra } = headers;
  const conditional = 'if-none-match' in extra || 'if-modified-since' in extra;
  return new Promise<Answer>((resolve, reject) => {
    const request = send(requestOptions(url, addresses, signal, accept, extra), (response) => {
      readAnswer(response, signal, maxBytes, subject, conditional)
        .then(resolve, reject)
        // One request per socket (agent: false): closing it frees the connection on every path.
        .finally(() => request.destroy());
    });
    request.on('error', reject);
    request.end();
  });
}

async function readAnswer(
  response: IncomingMessage,
  signal: AbortSignal,
  maxBytes: number,
  subject: ImageSubject,
  conditional: boolean,
): Promise<Answer> {
  const status = response.statusCode ?? 0;
  if (status === 304 && conditional) return { notModified: true };
  if (REDIRECT_STATUSES.has(status)) {
    const location = response.headers.location;
    if (location === undefined || location === '') {
      throw new ImageLoadError(
        'HTTP_STATUS',
        subject,
        `could not be loaded: HTTP ${status} without a Location header`,
      );
    }
    return { location };
  }
  if (status === 404 || status === 410) {
    throw new ImageLoadError('NOT_FOUND', subject, `was not found (HTTP ${status})`);
  }
  if (status < 200 || status > 299) {
    const text = response.statusMessage ? ` ${response.statusMessage}` : '';
    throw new ImageLoadError(
      'HTTP_STATUS',
      subject,
      `could not be loaded: the server answered HTTP ${status}${text}`,
    );
  }
  const declared = Number(response.headers['content-length']);
  if (declared > maxBytes) {
    throw new ImageLoadError(
      'TOO_LARGE',
      subject,
      `is larger than ${formatBytes(maxBytes)} (the server announced ${formatBytes(declared)})`,
    );
  }
  const bytes = await readAtMost(decodedBody(addAbortSignal(signal, response), subject), maxBytes);
  if (bytes === undefined)
    throw new ImageLoadError('TOO_LARGE', subject, `is larger than ${formatBytes(maxBytes)}`);
  return { bytes, contentType: response.headers['content-type'], validators: validatorsOf(response) };
}

/** The ETag and Last-Modified of a response, when it has either. */
function validatorsOf(response: IncomingMessage): Validators | undefined {
  const etag = response.headers.etag;
  const lastModified = response.headers['last-modified'];
  if (!etag && !lastModified) return undefined;
  return { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
}

/**
 * The body with any Content-Encoding undone. We ask for identity, but some servers compress SVG anyway;
 * the byte limit then applies to the decompressed size, so a gzip bomb stops at `maxBytes` too.
 */
function decodedBody(response: IncomingMessage, subject: ImageSubject): Readable {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  if (encoding === 'identity' || encoding === '') return response;
  if (decoder === undefined) {
    throw new ImageLoadError(
      'NOT_AN_IMAGE',
      subject,
      `is sent with an unsupported Content-Encoding "${encoding}"`,
    );
  }
  // pipeline passes an error of either stream on to the decoder, where the reader sees it.
  return pipeline(response, decoder, () => {});
}
