import type { FastifyRequest } from 'fastify';

/**
 * Keeps live secrets out of what is stored or logged: link tokens (verification, invitation, sign-in,
 * password reset), OpenID Connect codes, and the token in export file names.
 */

export const REDACTED = '[redacted]';

/** Query parameters whose value is a secret. */
const SECRET_PARAMS = new Set(['token', 'code', 'state']);

// /export/clients/{clientId}/catalogs/{catalogId}/sets/{setId}/{feedId}.{token}.{format}
const EXPORT_FILE = /^(\/export\/clients\/[^?#]*\/)([^/?#]+)$/;

function redactExportPath(path: string): string {
  const match = EXPORT_FILE.exec(path);
  if (!match) return path;
  const file = match[2]!;
  const parts = /^([^.]+)\.(.+)\.([A-Za-z0-9]+)$/.exec(file);
  return match[1] + (parts ? `${parts[1]}.${REDACTED}.${parts[3]}` : REDACTED);
}

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** A request URL (path and query) with secret query values and export tokens replaced. */
export function redactUrl(url: string): string {
  const cut = url.indexOf('?');
  const path = cut === -1 ? url : url.slice(0, cut);
  const safePath = redactExportPath(path);
  if (cut === -1) return safePath;
  const query = url
    .slice(cut + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1 || !SECRET_PARAMS.has(paramName(pair.slice(0, eq)))) return pair;
      return `${pair.slice(0, eq)}=${REDACTED}`;
    })
    .join('&');
  return `${safePath}?${query}`;
}

// A link's token value, without the sentence punctuation that may follow the link.
const TOKEN_IN_TEXT = /([?&]token=)[^\s&#"'<>)]*[^\s&#"'<>).,;:!?]/gi;
const EXPORT_URL_IN_TEXT = /(\/export\/clients\/\S*\/[0-9a-f-]{36}\.)[^\s./]+(\.[A-Za-z0-9]+)/g;

/**
 * Text (a mail) with each given secret, raw or URL-encoded, and every `token=` link value and export
 * token replaced. The explicit secrets catch a token wherever the text puts it; the patterns catch a
 * link whose sender forgot to name its secret.
 */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    out = out.split(encodeURIComponent(secret)).join(REDACTED).split(secret).join(REDACTED);
  }
  return out.replace(TOKEN_IN_TEXT, `$1${REDACTED}`).replace(EXPORT_URL_IN_TEXT, `$1${REDACTED}$2`);
}

/** Fastify's request log serializer with the URL redacted (otherwise the same fields as Fastify's own). */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: typeof req.headers['accept-version'] === 'string' ? req.headers['accept-version'] : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
