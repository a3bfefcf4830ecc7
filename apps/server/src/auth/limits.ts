import { isIPv6 } from 'node:net';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../errors.js';
import { normaliseEmail } from '../modules/users/index.js';
import {
  attemptSucceeded,
  clearThrottle,
  countInWindow,
  reserveAttempt,
  type LockoutPolicy,
  type ThrottleAnswer,
} from './throttle.js';
import { hashSecret } from './tokens.js';

/**
 * The limits on guessing passwords and on sending mail. Sign-in is limited per account and per client
 * address separately: a spray of one password over many accounts from one address, and guesses at one
 * account from many addresses, are both slowed down, with locks that double after each further attempt.
 */

const HOUR = 3_600_000;

/** An account locks for up to a day, and forgets its failures after a quiet day (or a password reset). */
function accountPolicy(deps: AppDeps): LockoutPolicy {
  const { max, windowMs } = deps.config.loginRateLimit;
  return { max, baseMs: windowMs, capMs: 24 * HOUR, forgetMs: 24 * HOUR };
}

/** An address locks for at most an hour and forgets after a quiet hour: many people may share one (NAT). */
function addressPolicy(deps: AppDeps): LockoutPolicy {
  const { ipMax, windowMs } = deps.config.loginRateLimit;
  return { max: ipMax, baseMs: windowMs, capMs: HOUR, forgetMs: HOUR };
}

/** Refused for now: the message says how long to wait; routes send it as a 429 with Retry-After. */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterMs: number) {
    super('RATE_LIMITED', `Too many attempts. Try again in ${describeWait(retryAfterMs)}.`);
  }
}

export function describeWait(ms: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (ms < 60_000) return plural(Math.max(1, Math.ceil(ms / 1000)), 'second');
  if (ms < 2 * HOUR) return plural(Math.ceil(ms / 60_000), 'minute');
  return plural(Math.ceil(ms / HOUR), 'hour');
}

function check(answer: ThrottleAnswer): void {
  if (!answer.ok) throw new RateLimitedError(answer.retryAfterMs);
}

/**
 * The unit an address is counted by. An IPv6 client usually holds a whole /64, so it is counted as one;
 * IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** A counter key for an e-mail address; absurdly long input is hashed so keys stay small. */
function emailKey(email: string): string {
  const normalised = normaliseEmail(email);
  return normalised.length > 254 ? `sha256:${hashSecret(normalised)}` : normalised;
}

const signInKeys = (ip: string, email: string) => ({
  address: `sign-in:ip:${addressKey(ip)}`,
  account: `sign-in:account:${emailKey(email)}`,
});

/**
 * Counts a password attempt before the password is checked, or throws {@link RateLimitedError}.
 * Also used when a signed-in user gives the current password to change it.
 */
export async function reserveSignIn(deps: AppDeps, attempt: { ip: string; email: string }): Promise<void> {
  const keys = signInKeys(attempt.ip, attempt.email);
  check(await reserveAttempt(deps.db, keys.address, addressPolicy(deps)));
  const account = await reserveAttempt(deps.db, keys.account, accountPolicy(deps));
  // Refused before the password was looked at: not a guess, so the address is not charged for it.
  if (!account.ok) await attemptSucceeded(deps.db, keys.address, addressPolicy(deps), false);
  check(account);
}

/** The password was right: the account starts afresh, and the address gets its attempt back. */
export async function signInSucceeded(deps: AppDeps, attempt: { ip: string; email: string }): Promise<void> {
  const keys = signInKeys(attempt.ip, attempt.email);
  await attemptSucceeded(deps.db, keys.account, accountPolicy(deps), true);
  await attemptSucceeded(deps.db, keys.address, addressPolicy(deps), false);
}

/** A password reset proves the mailbox: the account's lock ends. */
export async function unlockAccount(deps: AppDeps, email: string): Promise<void> {
  await clearThrottle(deps.db, signInKeys('', email).account);
}

/**
 * Counts one mail with a link (or one link handed out) to `to`, asked for from `ip`, or throws
 * {@link RateLimitedError}. The address's count is kept whether or not it has an account, so the
 * answer reveals nothing about accounts.
 */
export async function limitMail(
  deps: Pick<AppDeps, 'config' | 'db'>,
  send: { to: string; ip: string },
): Promise<void> {
  const { perAddress, perIp, windowMs } = deps.config.mailRateLimit;
  check(await countInWindow(deps.db, `mail:ip:${addressKey(send.ip)}`, { max: perIp, windowMs }));
  check(await countInWindow(deps.db, `mail:to:${emailKey(send.to)}`, { max: perAddress, windowMs }));
}

/** The client address of a GraphQL request: graphql/routes.ts passes the Fastify request in the context. */
export function requestIp(ctx: object): string {
  const req = (ctx as { req?: { ip?: unknown } }).req;
  return typeof req?.ip === 'string' ? req.ip : 'unknown';
}
