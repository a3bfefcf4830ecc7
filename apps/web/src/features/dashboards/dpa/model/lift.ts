import type { MetricKey } from '@adloom/commerce';
import { formatChange } from '../../model/metricFormat';
import type { DpaAdKind } from './dpaPages';

/** The metrics enhancement lift is measured on, in the server's order, with the dashboards' keys. */
export const LIFT_METRICS = [
  { value: 'CTR', key: 'ctr' },
  { value: 'CVR', key: 'cvr' },
  { value: 'ROAS', key: 'roas' },
] as const satisfies readonly { value: string; key: MetricKey }[];

export type LiftMetricName = (typeof LIFT_METRICS)[number]['value'];

export interface LiftMetric {
  metric: LiftMetricName;
  enhancement: number | null;
  catalog: number | null;
  lift: number | null;
  low: number | null;
  high: number | null;
  significant: boolean;
}

export interface Lift {
  itemsCompared: number;
  enhancementSpend: number;
  catalogSpend: number;
  method: string;
  metrics: readonly LiftMetric[];
}

/** The dashboards' key of a lift metric. */
export function liftMetricKey(metric: LiftMetricName): MetricKey {
  return LIFT_METRICS.find((m) => m.value === metric)?.key ?? 'ctr';
}

/** A lift metric of a lift by name; undefined when the server gave none. */
export function liftOf(lift: Lift, metric: LiftMetricName): LiftMetric | undefined {
  return lift.metrics.find((m) => m.metric === metric);
}

export type LiftVerdict = 'better' | 'worse' | 'unclear' | 'unknown';

/** Whether Adloom creatives did better than the plain image: only when the interval excludes 0. */
export function liftVerdict(metric: LiftMetric | undefined): LiftVerdict {
  if (!metric || metric.lift == null) return 'unknown';
  if (!metric.significant) return 'unclear';
  return metric.lift > 0 ? 'better' : 'worse';
}

/** "−3 % to +25 %"; a dash without an interval. */
export function formatInterval(low: number | null, high: number | null): string {
  if (low == null || high == null) return '–';
  return `${formatChange(low)} to ${formatChange(high)}`;
}

/** The common scale of the lift bars of a page: every bound and 0, a little wider, never empty. */
export function liftScale(metrics: readonly (LiftMetric | undefined)[]): { min: number; max: number } {
  const bounds = metrics.flatMap((m) => [m?.low, m?.high, m?.lift]).filter((v): v is number => v != null);
  const min = Math.min(0, ...bounds);
  const max = Math.max(0, ...bounds);
  const pad = (max - min) * 0.05 || 0.1;
  return { min: min - pad, max: max + pad };
}

/** Why no item could be compared, read from the catalogue ads of the range. */
export type NoComparisonReason = 'no-delivery' | 'no-catalog' | 'no-enhancement' | 'no-overlap';

export function noComparisonReason(
  ads: readonly { kind: DpaAdKind; products: number }[],
): NoComparisonReason {
  const delivered = (kind: DpaAdKind) => ads.some((ad) => ad.kind === kind && ad.products > 0);
  const catalog = delivered('CATALOG');
  const enhancement = delivered('ENHANCEMENT');
  if (!catalog && !enhancement) return 'no-delivery';
  if (!catalog) return 'no-catalog';
  if (!enhancement) return 'no-enhancement';
  return 'no-overlap';
}
