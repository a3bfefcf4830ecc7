import { METRIC_KEYS, type MetricKey } from '@adloom/commerce';
import type { DashboardQuery } from './dashboardQuery';
import { METRIC_ENUM, metricFromEnum } from './metricKeys';

/** What the detailed report's rows are grouped by (the GraphQL ReportDimension enum). */
export const REPORT_DIMENSIONS = [
  { value: 'CAMPAIGN', label: 'Campaign' },
  { value: 'AD_SET', label: 'Ad set' },
  { value: 'AD', label: 'Ad' },
  { value: 'DAY', label: 'Day' },
  { value: 'AGE', label: 'Age' },
  { value: 'GENDER', label: 'Gender' },
  { value: 'COUNTRY', label: 'Country' },
  { value: 'PLACEMENT', label: 'Placement' },
  { value: 'DEVICE', label: 'Device' },
  { value: 'PRODUCT_ID', label: 'Product' },
] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number]['value'];

const BREAKDOWN_DIMENSIONS: readonly ReportDimension[] = [
  'AGE',
  'GENDER',
  'COUNTRY',
  'PLACEMENT',
  'DEVICE',
  'PRODUCT_ID',
];

/**
 * Whether two dimensions can be the report's rows together: not the same one, and not two breakdowns
 * (breakdowns are stored one at a time, so age × country does not exist).
 */
export function combinable(first: ReportDimension, second: ReportDimension): boolean {
  return first !== second && !(BREAKDOWN_DIMENSIONS.includes(first) && BREAKDOWN_DIMENSIONS.includes(second));
}

/**
 * A report's shape: one or two row dimensions, the metric columns and the sort. Saved views store it as
 * JSON in the server's enum spelling ({dimensions, metrics, sortBy, sortDesc}); the URL keeps it too.
 */
export interface ReportDefinition {
  dimensions: ReportDimension[];
  metrics: MetricKey[];
  sortBy: MetricKey | null;
  sortDesc: boolean;
}

export const DEFAULT_REPORT: ReportDefinition = {
  dimensions: ['CAMPAIGN'],
  metrics: ['spend', 'impressions', 'linkClicks', 'ctr', 'purchases', 'purchaseValue', 'roas', 'cpa'],
  sortBy: 'spend',
  sortDesc: true,
};

function dimensionsFrom(values: readonly unknown[]): ReportDimension[] {
  const known = values.filter((value): value is ReportDimension =>
    REPORT_DIMENSIONS.some((d) => d.value === value),
  );
  const [first, second] = [...new Set(known)];
  if (!first) return [];
  return second && combinable(first, second) ? [first, second] : [first];
}

/** The definition of a saved view's JSON; the default report's parts where the JSON is not usable. */
export function parseViewDefinition(json: string): ReportDefinition {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    // A view saved by hand or by an older version: the default report, rather than no report.
    return DEFAULT_REPORT;
  }
  const dimensions = dimensionsFrom(Array.isArray(raw.dimensions) ? raw.dimensions : []);
  const metrics = (Array.isArray(raw.metrics) ? raw.metrics : [])
    .map((value) => metricFromEnum(String(value)))
    .filter((key): key is MetricKey => key != null);
  return {
    dimensions: dimensions.length ? dimensions : DEFAULT_REPORT.dimensions,
    metrics: metrics.length ? [...new Set(metrics)] : DEFAULT_REPORT.metrics,
    sortBy: metricFromEnum(typeof raw.sortBy === 'string' ? raw.sortBy : null) ?? null,
    sortDesc: raw.sortDesc !== false,
  };
}

/** A definition as a saved view's JSON (the server's enum spelling). */
export function viewDefinitionJson(definition: ReportDefinition): string {
  return JSON.stringify({
    dimensions: definition.dimensions,
    metrics: definition.metrics.map((key) => METRIC_ENUM[key]),
    sortBy: definition.sortBy ? METRIC_ENUM[definition.sortBy] : null,
    sortDesc: definition.sortDesc,
  });
}

/** The report's definition in the URL (`dims`, `cols`, `sort`, `desc`); the default report's parts when absent. */
export function reportFromSearch(param: (name: string) => string | null): ReportDefinition {
  const dimensions = dimensionsFrom((param('dims') ?? '').split(','));
  const metrics = (param('cols') ?? '')
    .split(',')
    .filter((key): key is MetricKey => (METRIC_KEYS as readonly string[]).includes(key));
  const sort = param('sort');
  return {
    dimensions: dimensions.length ? dimensions : DEFAULT_REPORT.dimensions,
    metrics: metrics.length ? [...new Set(metrics)] : DEFAULT_REPORT.metrics,
    sortBy:
      sort === 'none'
        ? null
        : (METRIC_KEYS as readonly string[]).includes(sort ?? '')
          ? (sort as MetricKey)
          : DEFAULT_REPORT.sortBy,
    sortDesc: param('desc') !== '0',
  };
}

/** The URL parameters of a report definition. */
export function reportParams(definition: ReportDefinition): Record<string, string> {
  return {
    dims: definition.dimensions.join(','),
    cols: definition.metrics.join(','),
    sort: definition.sortBy ?? 'none',
    desc: definition.sortDesc ? '1' : '0',
  };
}

/**
 * The CSV export of the whole report (every row, not one page): GET
 * /api/clients/{clientId}/performance/report.csv with the range, the definition and the filters.
 */
export function reportCsvUrl(clientId: string, query: DashboardQuery, definition: ReportDefinition): string {
  const search = new URLSearchParams({
    from: query.range.from,
    to: query.range.to,
    dimensions: definition.dimensions.join(','),
    metrics: definition.metrics.map((key) => METRIC_ENUM[key]).join(','),
  });
  if (definition.sortBy) {
    search.set('sortBy', METRIC_ENUM[definition.sortBy]);
    search.set('sortDesc', String(definition.sortDesc));
  }
  if (query.accountIds.length) search.set('accountIds', query.accountIds.join(','));
  if (query.campaignIds.length) search.set('campaignIds', query.campaignIds.join(','));
  if (query.currency) search.set('currency', query.currency);
  return `/api/clients/${encodeURIComponent(clientId)}/performance/report.csv?${search.toString()}`;
}
