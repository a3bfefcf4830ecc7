/**
 * Meta's Graph API errors as the sync acts on them: a token error (190 and friends: reconnect needed), a rate
 * limit (4, 17, 32, 613, 80000–80014: wait and retry), a transient failure (5xx, codes 1 and 2, is_transient:
 * retry a little), anything else (fail this piece of work).
 */
export type GraphErrorKind = 'token' | 'rate_limit' | 'transient' | 'other';

export interface GraphErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
  fbtrace_id?: string;
}

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
/** Subcodes of 190 (and 102) Meta documents for expired, revoked or invalidated tokens. */
export const TOKEN_SUBCODES = new Set([458, 459, 460, 463, 464, 467, 492]);

export function errorKind(status: number, body: GraphErrorBody | undefined): GraphErrorKind {
  const code = body?.code;
  if (
    code === 190 ||
    code === 102 ||
    (body?.error_subcode !== undefined && TOKEN_SUBCODES.has(body.error_subcode))
  )
    return 'token';
  if (code !== undefined && (RATE_LIMIT_CODES.has(code) || (code >= 80000 && code <= 80014)))
    return 'rate_limit';
  if (status >= 500 || code === 1 || code === 2 || body?.is_transient) return 'transient';
  return 'other';
}

export class GraphApiError extends Error {
  readonly kind: GraphErrorKind;
  constructor(
    readonly status: number,
    readonly body: GraphErrorBody | undefined,
    /** How long Meta says to wait (X-Business-Use-Case-Usage), in ms. */
    readonly regainAfterMs: number | undefined,
  ) {
    const code =
      body?.code !== undefined ? ` (#${body.code}${body.error_subcode ? `/${body.error_subcode}` : ''})` : '';
    super(`${body?.message ?? `HTTP ${status}`}${code}`);
    this.name = 'GraphApiError';
    this.kind = errorKind(status, body);
  }
}

/** The longest estimated_time_to_regain_access (minutes) in an X-Business-Use-Case-Usage header, in ms. */
export function regainAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  try {
    const usage = JSON.parse(header) as Record<string, { estimated_time_to_regain_access?: number }[]>;
    const minutes = Object.values(usage)
      .flat()
      .map((u) => u.estimated_time_to_regain_access ?? 0);
    return minutes.length ? Math.max(...minutes) * 60_000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The highest usage percentage the usage headers report (X-App-Usage, X-Ad-Account-Usage,
 * X-Business-Use-Case-Usage, X-FB-Ads-Insights-Throttle), so the client slows down before Meta refuses.
 */
export function usagePercent(headers: Headers): number {
  const values: number[] = [];
  const collect = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v))
        if (typeof x === 'number' && /call_count|cputime|total_time|util_pct/.test(k)) values.push(x);
        else collect(x);
  };
  for (const name of [
    'x-app-usage',
    'x-ad-account-usage',
    'x-business-use-case-usage',
    'x-fb-ads-insights-throttle',
  ]) {
    const h = headers.get(name);
    if (!h) continue;
    try {
      collect(JSON.parse(h));
    } catch {
      /* a header Meta changed: ignore it */
    }
  }
  return values.length ? Math.max(...values) : 0;
}
