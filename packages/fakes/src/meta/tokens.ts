/**
 * Stateless access tokens and authorization codes signed with the fake app's secret: any copy of the fake
 * with the same secret (the web and worker processes of the demo setup) accepts them.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  /** The Facebook user id. */
  u: string;
  /** 'code', 'short' or 'long'. */
  k: 'code' | 'short' | 'long';
  /** Issued and expiry times, milliseconds since 1970. */
  iat: number;
  exp: number;
  /** For codes: the redirect_uri they were issued for. */
  r?: string;
  n: string;
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 22);
}

export function issueToken(secret: string, claims: Omit<TokenClaims, 'n'>): string {
  const payload = Buffer.from(
    JSON.stringify({ ...claims, n: randomBytes(6).toString('base64url') }),
  ).toString('base64url');
  return `EAAF${payload}.${sign(secret, payload)}`;
}

/** The claims of a token this fake issued, or undefined for anything else. */
export function readToken(secret: string, token: string): TokenClaims | undefined {
  const m = /^EAAF([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!m) return undefined;
  const expected = Buffer.from(sign(secret, m[1]!));
  const given = Buffer.from(m[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    return JSON.parse(Buffer.from(m[1]!, 'base64url').toString()) as TokenClaims;
  } catch {
    return undefined;
  }
}
