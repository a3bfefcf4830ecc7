import { AreaChart } from '@mantine/charts';
import { Stack } from '@mantine/core';
import { ChartFigure } from '../components/ChartFigure';
import { type DashboardColumn, DashboardTable } from '../components/DashboardTable';
import { MetricLabel } from '../components/MetricLabel';
import { formatDay } from '../model/dateRange';
import { formatMetric } from '../model/metricFormat';
import type { SeriesLike } from '../model/series';

interface DayRow {
  day: string;
  spend: number;
  purchaseValue: number;
  roas: number | null;
}

/** Spend against revenue per day, drawn and as a table. */
export function SpendRevenueChart({ series, currency }: { series: SeriesLike; currency: string | null }) {
  const rows: DayRow[] = series.points.map((point) => ({
    day: point.day,
    spend: point.values.spend ?? 0,
    purchaseValue: point.values.purchaseValue ?? 0,
    roas: point.values.roas ?? null,
  }));
  const money = (value: number) => formatMetric('spend', value, currency);
  const columns: DashboardColumn<DayRow>[] = [
    {
      key: 'day',
      title: 'Day',
      csvLabel: 'Day',
      value: (row) => row.day,
      render: (row) => formatDay(row.day),
    },
    {
      key: 'spend',
      title: <MetricLabel metric="spend" />,
      csvLabel: `Spend${currency ? ` (${currency})` : ''}`,
      value: (row) => row.spend,
      render: (row) => money(row.spend),
      textAlign: 'right',
    },
    {
      key: 'purchaseValue',
      title: <MetricLabel metric="purchaseValue" />,
      csvLabel: `Revenue${currency ? ` (${currency})` : ''}`,
      value: (row) => row.purchaseValue,
      render: (row) => money(row.purchaseValue),
      textAlign: 'right',
    },
    {
      key: 'roas',
      title: <MetricLabel metric="roas" />,
      csvLabel: 'ROAS',
      value: (row) => row.roas,
      render: (row) => formatMetric('roas', row.roas, currency),
      textAlign: 'right',
    },
  ];
  return (
    <Stack gap="sm">
      <ChartFigure title="Spend and revenue over time" summary="Daily spend and revenue of the period.">
        <AreaChart
          h={280}
          data={rows}
          dataKey="day"
          series={[
            { name: 'spend', label: 'Spend', color: 'blue.6' },
            { name: 'purchaseValue', label: 'Revenue', color: 'teal.6' },
          ]}
          curveType="monotone"
          withLegend
          valueFormatter={money}
          yAxisProps={{ width: 96 }}
          xAxisProps={{ tickFormatter: (day: string) => formatDay(day).replace(/ \d{4}$/, '') }}
        />
      </ChartFigure>
      <DashboardTable
        title="Spend and revenue by day"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.day}
        fileName="spend-and-revenue.csv"
        defaultSort={{ column: 'day', direction: 'desc' }}
        initialPageSize={10}
      />
    </Stack>
  );
}
