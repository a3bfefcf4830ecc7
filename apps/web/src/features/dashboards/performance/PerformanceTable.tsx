import { METRICS, type MetricKey } from '@adloom/commerce';
import { type DashboardColumn, DashboardTable } from '../components/DashboardTable';
import { MetricLabel } from '../components/MetricLabel';
import { formatDay } from '../model/dateRange';
import { formatMetric } from '../model/metricFormat';
import type { MetricValues } from '../model/metricKeys';
import type { SeriesLike } from '../model/series';

interface BucketRow {
  id: string;
  day: string;
  series: string;
  values: Partial<MetricValues>;
  previousDay: string | null;
  previous: Partial<MetricValues> | null;
}

/** The chart's numbers as a table: a row per bucket (and per campaign when split), with the comparison. */
export function PerformanceTable({
  series,
  metrics,
  split,
  currency,
  grain,
}: {
  series: { current: readonly SeriesLike[]; comparison: readonly SeriesLike[] };
  metrics: readonly MetricKey[];
  split: boolean;
  currency: string | null;
  grain: string;
}) {
  const previous = series.comparison[0];
  const shown = split ? series.current.filter((s) => s.key !== 'total') : series.current.slice(0, 1);
  const rows: BucketRow[] = shown.flatMap((s) =>
    s.points.map((point, index) => ({
      id: `${s.key}:${point.day}`,
      day: point.day,
      series: s.label,
      values: point.values,
      previousDay: split ? null : (previous?.points[index]?.day ?? null),
      previous: split ? null : (previous?.points[index]?.values ?? null),
    })),
  );
  const unit = (metric: MetricKey) =>
    METRICS[metric].format === 'money' && currency ? ` (${currency})` : '';
  const columns: DashboardColumn<BucketRow>[] = [
    {
      key: 'day',
      title: grain === 'DAY' ? 'Day' : `${grain === 'WEEK' ? 'Week' : 'Month'} from`,
      csvLabel: grain === 'DAY' ? 'Day' : 'Period start',
      value: (row) => row.day,
      render: (row) => formatDay(row.day),
    },
    ...(split
      ? [{ key: 'series', title: 'Campaign', csvLabel: 'Campaign', value: (row: BucketRow) => row.series }]
      : []),
    ...metrics.flatMap((metric): DashboardColumn<BucketRow>[] => [
      {
        key: metric,
        title: <MetricLabel metric={metric} />,
        csvLabel: `${METRICS[metric].label}${unit(metric)}`,
        value: (row) => row.values[metric] ?? null,
        render: (row) => formatMetric(metric, row.values[metric], currency),
        textAlign: 'right',
      },
      ...(split
        ? []
        : [
            {
              key: `prev:${metric}`,
              title: `${METRICS[metric].label} (comparison)`,
              csvLabel: `${METRICS[metric].label} (comparison)${unit(metric)}`,
              value: (row: BucketRow) => row.previous?.[metric] ?? null,
              render: (row: BucketRow) => formatMetric(metric, row.previous?.[metric], currency),
              textAlign: 'right' as const,
            },
          ]),
    ]),
  ];
  return (
    <DashboardTable
      title="Performance by period"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      fileName="performance.csv"
      defaultSort={{ column: 'day', direction: 'asc' }}
    />
  );
}
