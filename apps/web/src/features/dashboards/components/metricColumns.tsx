import { METRICS, type MetricKey } from '@adloom/commerce';
import { formatMetric } from '../model/metricFormat';
import type { MetricValues } from '../model/metricKeys';
import type { DashboardColumn } from './DashboardTable';
import { MetricLabel } from './MetricLabel';

/** Metric columns of a dashboard table: the label with its definition, the value formatted, raw in the CSV. */
export function metricColumns<Row>(
  metrics: readonly MetricKey[],
  valuesOf: (row: Row) => Partial<MetricValues>,
  currency: string | null,
): DashboardColumn<Row>[] {
  return metrics.map((metric) => ({
    key: metric,
    title: <MetricLabel metric={metric} />,
    csvLabel:
      METRICS[metric].format === 'money' && currency
        ? `${METRICS[metric].label} (${currency})`
        : METRICS[metric].label,
    value: (row) => valuesOf(row)[metric] ?? null,
    render: (row) => formatMetric(metric, valuesOf(row)[metric], currency),
    textAlign: 'right',
  }));
}
