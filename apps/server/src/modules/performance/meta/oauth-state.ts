/**
 * The OAuth `state` of a Meta connection: the client and the user who started it and an expiry (10
 * minutes), signed with a key derived from the connection secret, so the callback acts only for that user
 * in that client and a forged or replayed-late state is refused.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokenKey } from './token-crypto.js';

export const STATE_TTL_MS = 10 * 60_000;

export interface OAuthState {
  clientId: string;
  userId: string;
}

function mac(key: TokenKey, payload: string): string {
  return createHmac('sha256', key).update(`meta-oauth-state:${payload}`).digest('base64url');
}

export function signState(key: TokenKey, state: OAuthState, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({
      c: state.clientId,
      u: state.userId,
      e: now + STATE_TTL_MS,
      n: randomBytes(8).toString('base64url'),
    }),
  ).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/** The state's client and user, or null when it is not one this server signed or it expired. */
export function verifyState(key: TokenKey, text: string | undefined, now = Date.now()): OAuthState | null {
  const [payload, signature] = (text ?? '').split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(mac(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { c, u, e } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      c: string;
      u: string;
      e: number;
    };
    return typeof c === 'string' && typeof u === 'string' && e > now ? { clientId: c, userId: u } : null;
  } catch {
    return null;
  }
}
