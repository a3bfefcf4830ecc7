import { DEFAULT_PRESET, type DayRange, isIsoDay, presetRange, previousPeriod } from './dateRange';

/**
 * What every dashboard shows, kept in the URL query so a view is shareable and survives a reload:
 * `?from=&to=&compareFrom=&compareTo=&accounts=&campaigns=` (and `currency=` when the accounts read have
 * several). A missing or malformed range falls back to the
 * default preset; a missing comparison means the previous period of the same length.
 */
export interface DashboardQuery {
  range: DayRange;
  /** A chosen comparison range; null: the previous period. */
  comparison: DayRange | null;
  accountIds: string[];
  campaignIds: string[];
  /** ISO 4217; null: the server's choice (the currency with the most spend). */
  currency: string | null;
}

function rangeFrom(from: string | null, to: string | null): DayRange | null {
  if (!from || !to || !isIsoDay(from) || !isIsoDay(to) || from > to) return null;
  return { from, to };
}

function listFrom(text: string | null): string[] {
  return (text ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/** The dashboard query of a URL search; `today` gives the default range. */
export function parseDashboardQuery(search: URLSearchParams, today: string): DashboardQuery {
  return {
    range:
      rangeFrom(search.get('from'), search.get('to')) ?? (presetRange(DEFAULT_PRESET, today) as DayRange),
    comparison: rangeFrom(search.get('compareFrom'), search.get('compareTo')),
    accountIds: listFrom(search.get('accounts')),
    campaignIds: listFrom(search.get('campaigns')),
    currency: /^[A-Z]{3}$/.test(search.get('currency') ?? '') ? search.get('currency') : null,
  };
}

const OWN_KEYS = ['from', 'to', 'compareFrom', 'compareTo', 'accounts', 'campaigns', 'currency'] as const;

/**
 * The URL search of a dashboard query; parameters of the screen's own (a metric, a grain) in `base` are
 * kept, the dashboard's own are replaced.
 */
export function dashboardSearch(query: DashboardQuery, base?: URLSearchParams): URLSearchParams {
  const search = new URLSearchParams(base);
  for (const key of OWN_KEYS) search.delete(key);
  search.set('from', query.range.from);
  search.set('to', query.range.to);
  if (query.comparison) {
    search.set('compareFrom', query.comparison.from);
    search.set('compareTo', query.comparison.to);
  }
  if (query.accountIds.length) search.set('accounts', query.accountIds.join(','));
  if (query.campaignIds.length) search.set('campaigns', query.campaignIds.join(','));
  if (query.currency) search.set('currency', query.currency);
  return search;
}

/**
 * The dashboard's own parameters of a URL search (range, comparison, filters), without a screen's: what
 * follows the user from one dashboard to the next.
 */
export function sharedDashboardSearch(search: URLSearchParams): URLSearchParams {
  const shared = new URLSearchParams();
  for (const key of OWN_KEYS) for (const value of search.getAll(key)) shared.append(key, value);
  return shared;
}

/**
 * A URL search without a range takes the range, comparison and filters last chosen on another dashboard
 * (`stored`, a sharedDashboardSearch); a search naming its range is kept as it is.
 */
export function withStoredDashboardSearch(search: URLSearchParams, stored: string | null): URLSearchParams {
  if (search.has('from') || !stored) return search;
  const next = new URLSearchParams(search);
  for (const [key, value] of sharedDashboardSearch(new URLSearchParams(stored)))
    if (!next.has(key)) next.append(key, value);
  return next;
}

/** The range the figures are compared with: the chosen one, else the previous period. */
export function comparisonRange(query: DashboardQuery): DayRange {
  return query.comparison ?? previousPeriod(query.range);
}

/** The `PerformanceFilter` of the server's queries; undefined when nothing is filtered. */
export function performanceFilter(
  query: DashboardQuery,
): { accountIds?: string[]; campaignIds?: string[]; currency?: string } | undefined {
  if (!query.accountIds.length && !query.campaignIds.length && !query.currency) return undefined;
  return {
    ...(query.accountIds.length ? { accountIds: query.accountIds } : {}),
    ...(query.campaignIds.length ? { campaignIds: query.campaignIds } : {}),
    ...(query.currency ? { currency: query.currency } : {}),
  };
}
