import { METRICS, type MetricKey } from '@adloom/commerce';
import type { MetricValues } from './metricKeys';

/** A series as the server returns it: points per bucket (first day of the bucket) with every metric. */
export interface SeriesLike {
  key: string;
  label: string;
  points: readonly { day: string; values: Partial<MetricValues> }[];
}

export type ChartRow = Record<string, string | number | null>;

export interface ChartSeries {
  name: string;
  label: string;
  color: string;
  strokeDasharray?: string;
  /** 'right' for the right axis; absent for the left one (Mantine's left axis has recharts' default id). */
  yAxisId?: 'right';
}

const COLORS = [
  'blue.6',
  'orange.6',
  'teal.6',
  'grape.6',
  'red.6',
  'cyan.6',
  'lime.7',
  'pink.6',
  'indigo.6',
  'yellow.7',
];

/** The value of one metric at one point, or null. */
function valueAt(series: SeriesLike | undefined, index: number, metric: MetricKey): number | null {
  return series?.points[index]?.values[metric] ?? null;
}

/**
 * The rows and lines of the performance chart. Total: one line per chosen metric (the second on the right
 * axis when its unit differs) and its comparison as a dashed line, aligned by bucket index. Split by
 * campaign: one line per campaign for the first metric.
 */
export function performanceChart(
  current: readonly SeriesLike[],
  comparison: readonly SeriesLike[],
  metrics: readonly MetricKey[],
  split: boolean,
): { rows: ChartRow[]; series: ChartSeries[] } {
  const total = current.find((series) => series.key === 'total') ?? current[0];
  const previous = comparison.find((series) => series.key === 'total') ?? comparison[0];
  if (!total) return { rows: [], series: [] };

  if (split) {
    const metric = metrics[0] ?? 'spend';
    const campaigns = current.filter((series) => series.key !== 'total');
    const rows = total.points.map((point, index) => {
      const row: ChartRow = { day: point.day };
      for (const campaign of campaigns) row[`c:${campaign.key}`] = valueAt(campaign, index, metric);
      return row;
    });
    return {
      rows,
      series: campaigns.map((campaign, i) => ({
        name: `c:${campaign.key}`,
        label: campaign.label,
        color: COLORS[i % COLORS.length] as string,
      })),
    };
  }

  const [first, second] = metrics;
  const secondOnRight = second != null && first != null && METRICS[second].format !== METRICS[first].format;
  const rows = total.points.map((point, index) => {
    const row: ChartRow = { day: point.day };
    for (const metric of metrics) {
      row[metric] = valueAt(total, index, metric);
      row[`prev:${metric}`] = valueAt(previous, index, metric);
    }
    return row;
  });
  const series = metrics.flatMap((metric, i): ChartSeries[] => {
    const color = COLORS[i] as string;
    const axis = i === 1 && secondOnRight ? ({ yAxisId: 'right' } as const) : {};
    const line: ChartSeries = { name: metric, label: METRICS[metric].label, color, ...axis };
    if (!previous) return [line];
    return [
      line,
      {
        name: `prev:${metric}`,
        label: `${METRICS[metric].label} (comparison)`,
        color,
        strokeDasharray: '5 5',
        ...axis,
      },
    ];
  });
  return { rows, series };
}

/** The daily values of one metric (a sparkline's data), nulls as 0 so the line stays drawn. */
export function sparklineData(series: SeriesLike | undefined, metric: MetricKey): number[] {
  return (series?.points ?? []).map((point) => point.values[metric] ?? 0);
}
