/** Graph API error answers, shaped as Meta documents them: `{ error: { message, type, code, error_subcode, fbtrace_id } }`. */
import { randomBytes } from 'node:crypto';

export interface FakeResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface GraphErrorSpec {
  status?: number;
  message: string;
  type?: string;
  code: number;
  subcode?: number;
  isTransient?: boolean;
  headers?: Record<string, string>;
}

export function graphError(spec: GraphErrorSpec): FakeResponse {
  const error: Record<string, unknown> = {
    message: spec.message,
    type: spec.type ?? 'OAuthException',
    code: spec.code,
    ...(spec.subcode !== undefined ? { error_subcode: spec.subcode } : {}),
    ...(spec.isTransient !== undefined ? { is_transient: spec.isTransient } : {}),
    fbtrace_id: randomBytes(8).toString('base64url'),
  };
  return {
    status: spec.status ?? 400,
    headers: {
      'content-type': 'application/json; charset=UTF-8',
      'www-authenticate': 'OAuth "Facebook Platform"',
      ...spec.headers,
    },
    body: JSON.stringify({ error }),
  };
}

export function json(value: unknown, headers: Record<string, string> = {}): FakeResponse {
  return {
    status: 200,
    headers: { 'content-type': 'application/json; charset=UTF-8', ...headers },
    body: JSON.stringify(value),
  };
}

export const invalidParameter = (message: string) => graphError({ message: `(#100) ${message}`, code: 100 });

/** The rate-limit errors of the Graph and Marketing APIs. */
export function rateLimitError(
  code: 4 | 17 | 613 | 80004,
  accountId: string,
  regainMinutes: number,
): FakeResponse {
  const usage = { call_count: 100, total_cputime: 25, total_time: 30 };
  switch (code) {
    case 4:
      return graphError({
        message: '(#4) Application request limit reached',
        code,
        isTransient: true,
        headers: { 'x-app-usage': JSON.stringify(usage) },
      });
    case 17:
      return graphError({
        message: '(#17) User request limit reached',
        code,
        subcode: 2446079,
        isTransient: true,
        headers: { 'x-app-usage': JSON.stringify(usage) },
      });
    case 613:
      return graphError({
        message: '(#613) Calls to this api have exceeded the rate limit.',
        code,
        isTransient: true,
      });
    case 80004:
      return graphError({
        message:
          'There have been too many calls to this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-management.',
        code,
        subcode: 2446079,
        headers: {
          'x-business-use-case-usage': JSON.stringify({
            [accountId]: [{ type: 'ads_insights', ...usage, estimated_time_to_regain_access: regainMinutes }],
          }),
        },
      });
  }
}

/** Error 190 with Meta's subcodes: 458 app removed, 460 password changed / session invalidated, 463 expired, 467 invalid. */
export function tokenError(subcode: number | undefined): FakeResponse {
  const messages: Record<number, string> = {
    458: 'Error validating access token: The user has not authorized application.',
    460: 'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
    463: 'Error validating access token: Session has expired.',
    467: 'Error validating access token: The access token is invalid.',
  };
  return graphError({
    status: 400,
    message: subcode
      ? (messages[subcode] ?? 'Error validating access token.')
      : 'Invalid OAuth access token - Cannot parse access token',
    code: 190,
    subcode,
  });
}
