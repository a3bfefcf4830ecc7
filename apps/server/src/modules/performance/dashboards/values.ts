/** The values of a row of any dashboard query: the base sums and the ratios computed from them. */
import { derivedMetrics, emptySums, type DerivedMetric, type MetricSums } from '@adloom/commerce';

export type MetricValues = MetricSums & Record<DerivedMetric, number | null>;

/** Base sums and derived ratios (null where the denominator is 0), never averaged. */
export function metricValues(sums: MetricSums): MetricValues {
  return { ...sums, ...derivedMetrics(sums) };
}

export function emptyValues(): MetricValues {
  return metricValues(emptySums());
}
