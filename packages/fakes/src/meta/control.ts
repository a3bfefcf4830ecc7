/**
 * What a test switches on in the fake Graph API: rate limits, a stuck or failed report run, revoked or
 * expired tokens, an account that answers 500, a refused login; and what the fake was asked (requests).
 */
import { graphError, rateLimitError, type FakeResponse } from './errors.js';

export interface FakeRequestRecord {
  method: string;
  /** The path without the mount and the version (`act_123/insights`). */
  path: string;
  params: Record<string, string>;
}

export type AsyncMode = 'complete' | 'stuck' | 'failed' | 'skipped';

interface ScriptedFailure {
  when: (request: FakeRequestRecord) => boolean;
  times: number;
  respond: (request: FakeRequestRecord) => FakeResponse;
}

const accountOf = (path: string) => /^act_(\d+)/.exec(path)?.[1] ?? '';

export class FakeMetaControl {
  /** Every request answered (the newest last, at most 20,000). */
  readonly requests: FakeRequestRecord[] = [];
  /** How report runs end: 'stuck' stays at 100 % "Job Running" forever. */
  asyncMode: AsyncMode = 'complete';
  /** Polls of a report run before it completes. */
  asyncPollsToComplete = 2;
  /** The login dialog answers "access denied" instead of a code. */
  denyLogin = false;
  /** Tokens issued before this time (ms) are refused with error 190 and `revokedSubcode`. */
  revokedBefore = 0;
  revokedSubcode = 460;
  private failures: ScriptedFailure[] = [];

  constructor(readonly now: () => number = Date.now) {}

  /** The next `times` requests (insights only, by default) answer with a rate-limit error. */
  rateLimit(
    code: 4 | 17 | 613 | 80004,
    {
      times = 1,
      regainMinutes = 0,
      match = /insights$/,
    }: { times?: number; regainMinutes?: number; match?: RegExp } = {},
  ): void {
    this.failWhen(
      (r) => match.test(r.path),
      (r) => rateLimitError(code, accountOf(r.path), regainMinutes),
      times,
    );
  }

  /** Every token issued so far is refused with error 190 and the subcode (460 password changed, 458 app removed). */
  revokeTokens(subcode = 460): void {
    this.revokedBefore = this.now() + 1;
    this.revokedSubcode = subcode;
  }

  /** Every request under the ad account answers HTTP 500 (`times` of them; default all). */
  failAccount(accountId: string, { times = Infinity }: { times?: number } = {}): void {
    const id = accountId.replace(/^act_/, '');
    this.failWhen(
      (r) => accountOf(r.path) === id,
      () => graphError({ status: 500, message: 'An unknown error occurred', code: 1, isTransient: false }),
      times,
    );
  }

  /** Any scripted failure: the next `times` requests matching `when` get `respond`'s answer. */
  failWhen(when: ScriptedFailure['when'], respond: ScriptedFailure['respond'], times = 1): void {
    this.failures.push({ when, respond, times });
  }

  /** Forgets the scripted failures and modes (the world and issued tokens stay). */
  reset(): void {
    this.failures = [];
    this.asyncMode = 'complete';
    this.denyLogin = false;
    this.revokedBefore = 0;
    this.requests.length = 0;
  }

  /** @internal The scripted answer to a request, if one applies (and counts it). */
  scripted(request: FakeRequestRecord): FakeResponse | undefined {
    const failure = this.failures.find((f) => f.times > 0 && f.when(request));
    if (!failure) return undefined;
    failure.times -= 1;
    return failure.respond(request);
  }

  /** @internal */
  record(request: FakeRequestRecord): void {
    if (this.requests.length >= 20_000) this.requests.shift();
    this.requests.push(request);
  }

  /** Requests to a path matching the pattern. */
  requestsTo(pattern: RegExp): FakeRequestRecord[] {
    return this.requests.filter((r) => pattern.test(r.path));
  }
}
