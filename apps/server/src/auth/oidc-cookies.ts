import { hkdfSync } from 'node:crypto';
import { signerFactory } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * Short-lived cookies of the OpenID Connect flow.
 *
 * Why signed cookies and not a server-side store: the server may run as several processes with no
 * shared memory, and a DB table for ten-minute records is not worth a migration. The values are
 * HMAC-SHA256 signed (with @fastify/cookie's signer) under a key derived by HKDF-SHA256 from the
 * Auth0 client secret, which every process already shares. They are signed, not encrypted: like
 * Auth0's own express-openid-connect, the PKCE verifier and nonce sit in an HttpOnly cookie that only
 * the browser that started the sign-in holds. Each value carries its purpose and its own expiry, so a
 * cookie cannot be replayed after its lifetime nor swapped for the other kind.
 */

export const TRANSACTION_COOKIE = 'adloom_oidc_tx';
export const PENDING_COOKIE = 'adloom_oidc_pending';
const TRANSACTION_TTL_MS = 10 * 60_000;
// Long enough to open the mail, short enough that a shared computer does not keep it around.
const PENDING_TTL_MS = 30 * 60_000;
const COOKIE_PATH = '/auth/';

const transactionSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(1),
  returnTo: z.string().optional(),
});
const pendingSchema = z.object({ sub: z.string().min(1) });
const envelopeSchema = z.object({ p: z.string(), exp: z.number(), d: z.unknown() });

/** What the login route hands to the callback through the browser. */
export type Transaction = z.infer<typeof transactionSchema>;
/** A provider subject whose e-mail is not verified yet, kept for "resend verification link". */
export type PendingVerification = z.infer<typeof pendingSchema>;

type Purpose = 'transaction' | 'pending';

/** Reads and writes the two signed cookies of the flow. */
export interface OidcCookies {
  setTransaction(reply: FastifyReply, tx: Transaction): void;
  /** Reads the transaction and clears it: it is single-use whatever the outcome. */
  takeTransaction(req: FastifyRequest, reply: FastifyReply): Transaction | undefined;
  setPending(reply: FastifyReply, pending: PendingVerification): void;
  getPending(req: FastifyRequest): PendingVerification | undefined;
  clearPending(reply: FastifyReply): void;
}

/** Derives the signing key from the client secret; the salt and info tie it to this one use. */
function signingKey(clientSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', clientSecret, 'adloom/oidc-cookies', 'cookie signing v1', 32));
}

/** Cookie helpers signed under a key derived from `clientSecret`; `secure` follows config.cookieSecure. */
export function createOidcCookies(clientSecret: string, secure: boolean): OidcCookies {
  const signer = signerFactory(signingKey(clientSecret));
  const base = { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax' as const, secure };

  const seal = (purpose: Purpose, data: unknown, ttlMs: number) =>
    signer.sign(
      Buffer.from(JSON.stringify({ p: purpose, exp: Date.now() + ttlMs, d: data })).toString('base64url'),
    );

  const open = (purpose: Purpose, value: string | undefined): unknown => {
    if (!value) return undefined;
    const unsigned = signer.unsign(value);
    if (!unsigned.valid || unsigned.value === null) return undefined;
    const envelope = envelopeSchema.safeParse(parseJson(Buffer.from(unsigned.value, 'base64url').toString()));
    if (!envelope.success || envelope.data.p !== purpose || envelope.data.exp < Date.now()) return undefined;
    return envelope.data.d;
  };

  return {
    setTransaction(reply, tx) {
      reply.setCookie(TRANSACTION_COOKIE, seal('transaction', tx, TRANSACTION_TTL_MS), {
        ...base,
        maxAge: TRANSACTION_TTL_MS / 1000,
      });
    },
    takeTransaction(req, reply) {
      const value = req.cookies[TRANSACTION_COOKIE];
      if (value !== undefined) reply.clearCookie(TRANSACTION_COOKIE, base);
      const parsed = transactionSchema.safeParse(open('transaction', value));
      return parsed.success ? parsed.data : undefined;
    },
    setPending(reply, pending) {
      reply.setCookie(PENDING_COOKIE, seal('pending', pending, PENDING_TTL_MS), {
        ...base,
        maxAge: PENDING_TTL_MS / 1000,
      });
    },
    getPending(req) {
      const parsed = pendingSchema.safeParse(open('pending', req.cookies[PENDING_COOKIE]));
      return parsed.success ? parsed.data : undefined;
    },
    clearPending(reply) {
      reply.clearCookie(PENDING_COOKIE, base);
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The same-origin path to go to after sign-in, or undefined. Only a path on `publicUrl`'s origin is
 * kept; the normalised result is checked again because `/.//evil.example` normalises to `//evil.example`,
 * which a browser would read as another host.
 */
export function safeReturnTo(value: unknown, publicUrl: string): string | undefined {
  if (typeof value !== 'string' || value.length > 2000 || !value.startsWith('/')) return undefined;
  // Browsers treat backslashes as slashes and drop tabs and newlines, so `/\evil.example` is a host.
  if (/[\\\s]/.test(value) || [...value].some((c) => c.charCodeAt(0) < 0x20)) return undefined;
  const base = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== base.origin || path.startsWith('//')) return undefined;
  return path;
}
