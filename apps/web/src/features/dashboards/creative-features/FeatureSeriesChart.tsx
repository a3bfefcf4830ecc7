import { METRICS } from '@adloom/commerce';
import { LineChart } from '@mantine/charts';
import { Stack } from '@mantine/core';
import { ChartFigure } from '../components/ChartFigure';
import { type DashboardColumn, DashboardTable } from '../components/DashboardTable';
import { MetricLabel } from '../components/MetricLabel';
import { formatDay } from '../model/dateRange';
import { formatMetric } from '../model/metricFormat';
import { type FeatureMetric, metricInSentence } from './model/featureEffects';

export interface FeaturePoint {
  day: string;
  valueWith: number | null;
  valueWithout: number | null;
  spendWith: number;
  spendWithout: number;
}

/** How each side's metric of a day is pooled from its ads' figures, and what a day needs to have one. */
const POOLED: Readonly<Record<FeatureMetric, string>> = {
  ctr: 'their link clicks over their impressions',
  cvr: 'their purchases over their link clicks',
  roas: 'their purchase value over their spend',
};
const DENOMINATOR: Readonly<Record<FeatureMetric, string>> = {
  ctr: 'impressions',
  cvr: 'link clicks',
  roas: 'spend',
};

/** The metric per day for the ads with the feature and for the others, drawn and as a table. */
export function FeatureSeriesChart({
  series,
  metric,
  currency,
  featureLabel,
}: {
  series: readonly FeaturePoint[];
  metric: FeatureMetric;
  currency: string | null;
  featureLabel: string;
}) {
  const label = METRICS[metric].label;
  const format = (value: number) => formatMetric(metric, value, currency);
  const money = (value: number | null) => formatMetric('spend', value, currency);
  const unit = currency ? ` (${currency})` : '';
  const columns: DashboardColumn<FeaturePoint>[] = [
    {
      key: 'day',
      title: 'Day',
      csvLabel: 'Day',
      value: (row) => row.day,
      render: (row) => formatDay(row.day),
    },
    {
      key: 'valueWith',
      title: (
        <>
          <MetricLabel metric={metric} /> with
        </>
      ),
      csvLabel: `${label} with`,
      value: (row) => row.valueWith,
      render: (row) => formatMetric(metric, row.valueWith, currency),
      textAlign: 'right',
    },
    {
      key: 'valueWithout',
      title: (
        <>
          <MetricLabel metric={metric} /> without
        </>
      ),
      csvLabel: `${label} without`,
      value: (row) => row.valueWithout,
      render: (row) => formatMetric(metric, row.valueWithout, currency),
      textAlign: 'right',
    },
    {
      key: 'spendWith',
      title: 'Spend with',
      csvLabel: `Spend with${unit}`,
      value: (row) => row.spendWith,
      render: (row) => money(row.spendWith),
      textAlign: 'right',
    },
    {
      key: 'spendWithout',
      title: 'Spend without',
      csvLabel: `Spend without${unit}`,
      value: (row) => row.spendWithout,
      render: (row) => money(row.spendWithout),
      textAlign: 'right',
    },
  ];
  return (
    <Stack gap="sm">
      <ChartFigure
        title={`${label} over time, with and without ${featureLabel}`}
        summary={`Per day: the pooled ${metricInSentence(metric)} of the ads with the feature and of the other ads (${POOLED[metric]} that day); a gap is a day without ${DENOMINATOR[metric]} on that side.`}
      >
        <LineChart
          h={300}
          data={series.map((point) => ({ ...point }))}
          dataKey="day"
          series={[
            { name: 'valueWith', label: `With ${featureLabel}`, color: 'blue.6' },
            { name: 'valueWithout', label: 'Without', color: 'gray.6' },
          ]}
          curveType="monotone"
          withLegend
          valueFormatter={format}
          yAxisProps={{ width: 80 }}
          xAxisProps={{ tickFormatter: (day: string) => formatDay(day).replace(/ \d{4}$/, '') }}
        />
      </ChartFigure>
      <DashboardTable
        title={`${label} by day, with and without`}
        columns={columns}
        rows={series}
        rowKey={(row) => row.day}
        fileName={`creative-feature-${metric}-by-day.csv`}
        defaultSort={{ column: 'day', direction: 'desc' }}
        initialPageSize={10}
      />
    </Stack>
  );
}
