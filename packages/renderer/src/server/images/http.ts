/**
 * The renderer's server-side download of images and fonts, through @adloom/net's guarded client (private
 * addresses refused, DNS pinned, redirects counted), within one time limit and a byte limit.
 */
import type { IncomingMessage } from 'node:http';
import { addAbortSignal } from 'node:stream';
import {
  contentEncoding,
  decodedBody,
  guardedGet,
  type HostLookup,
  NetError,
  parseHttpUrl,
  readAtMost,
} from '@adloom/net';
import { formatBytes, ImageLoadError, type ImageLoadErrorCode, type ImageSubject } from './errors.js';

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

const ACCEPT = 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/svg+xml,image/*;q=0.8,*/*;q=0.5';
const USER_AGENT = 'Adloom-Renderer/1.0 (image fetcher)';
const PURPOSE = 'server-side image fetches';

/** The subject of a failure at a URL reached through redirects (or the source itself). */
const subjectAt = (source: string, noun: object, redirectedTo: string | undefined): ImageSubject =>
  redirectedTo === undefined ? { source, ...noun } : { source, redirectedTo, ...noun };

/** A refused or failed guarded request, as an image load error about `source`. */
function imageError(error: NetError, source: string, noun: object, maxRedirects: number): ImageLoadError {
  const subject = subjectAt(source, noun, error.redirected ? error.url : undefined);
  const cause = { cause: error };
  const [code, reason]: [ImageLoadErrorCode, string] =
    error.code === 'BAD_SCHEME'
      ? ['BAD_SCHEME', `${error.reason}; a redirect may lead only to http: or https:`]
      : error.code === 'CREDENTIALS'
        ? ['BAD_URL', `${error.reason}; requests never carry credentials`]
        : error.code === 'NO_LOCATION'
          ? ['HTTP_STATUS', `could not be loaded: HTTP ${error.detail} without a Location header`]
          : error.code === 'TOO_MANY_REDIRECTS'
            ? ['TOO_MANY_REDIRECTS', `redirected more than ${maxRedirects} times`]
            : error.code === 'HOP_TIMEOUT'
              ? ['TIMEOUT', error.reason]
              : [error.code, error.reason];
  return new ImageLoadError(code, subject, reason, cause);
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
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  const signal = limits.signal ? AbortSignal.any([controller.signal, limits.signal]) : controller.signal;
  const conditional = conditionalHeaders(limits.ifChanged);
  try {
    const { response, url } = await guardedGet(parseHttpUrl(source.trim()), {
      onRedirect: (next) => (subject = subjectAt(source, noun, next.href)),
      allowHosts: limits.allowHosts,
      lookup: limits.lookup,
      purpose: PURPOSE,
      maxRedirects: limits.maxRedirects,
      headers: {
        ...conditional,
        accept: limits.accept ?? ACCEPT,
        'accept-encoding': 'identity',
        'user-agent': USER_AGENT,
      },
      signal,
    });
    try {
      const answer = await readAnswer(
        response,
        signal,
        limits.maxBytes,
        subject,
        Object.keys(conditional).length > 0,
      );
      if ('notModified' in answer) return { notModified: true, url: url.href };
      return {
        bytes: answer.bytes,
        url: url.href,
        contentType: answer.contentType,
        subject,
        ...(answer.validators ? { validators: answer.validators } : {}),
      };
    } finally {
      // One request per socket (agent: false): closing it frees the connection on every path.
      response.destroy();
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
    if (error instanceof NetError) throw imageError(error, source, noun, limits.maxRedirects);
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

type Answer =
  | { readonly notModified: true }
  | {
      readonly bytes: Buffer;
      readonly contentType: string | undefined;
      readonly validators: Validators | undefined;
    };

async function readAnswer(
  response: IncomingMessage,
  signal: AbortSignal,
  maxBytes: number,
  subject: ImageSubject,
  conditional: boolean,
): Promise<Answer> {
  const status = response.statusCode ?? 0;
  if (status === 304 && conditional) return { notModified: true };
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
  // We ask for identity, but some servers compress SVG anyway; the byte limit then applies to the
  // decompressed size, so a gzip bomb stops at `maxBytes` too.
  const body = decodedBody(response, addAbortSignal(signal, response));
  if (body === undefined) {
    const encoding = contentEncoding(response);
    throw new ImageLoadError(
      'NOT_AN_IMAGE',
      subject,
      `is sent with an unsupported Content-Encoding "${encoding}"`,
    );
  }
  const bytes = await readAtMost(body, maxBytes);
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
