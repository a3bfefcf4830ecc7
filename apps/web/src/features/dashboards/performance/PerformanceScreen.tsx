import { METRIC_KEYS, METRICS, type MetricKey } from '@adloom/commerce';
import { LineChart } from '@mantine/charts';
import { Group, MultiSelect, SegmentedControl, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { QueryState } from '../../../components/QueryState';
import type { ClientScreenProps } from '../../clients';
import { PerformanceTimeSeriesQuery } from '../api/performanceTimeSeries';
import { dashboardQueryContext } from '../api/queryContext';
import { ChartFigure } from '../components/ChartFigure';
import { type DashboardScope, DashboardShell } from '../components/DashboardShell';
import { formatDay, formatRange } from '../model/dateRange';
import { formatMetric } from '../model/metricFormat';
import { performanceChart } from '../model/series';
import { PerformanceTable } from './PerformanceTable';

const GRAINS = [
  { value: 'DAY', label: 'Day' },
  { value: 'WEEK', label: 'Week' },
  { value: 'MONTH', label: 'Month' },
] as const;
type Grain = (typeof GRAINS)[number]['value'];

/** The metrics named by `?metrics=` (one or two known keys), else spend and ROAS. */
export function chosenMetrics(param: string | null): MetricKey[] {
  const keys = (param ?? '')
    .split(',')
    .filter((key): key is MetricKey => (METRIC_KEYS as readonly string[]).includes(key));
  return keys.length ? [...new Set(keys)].slice(0, 2) : ['spend', 'roas'];
}

/** `/dashboard/` and `/dashboard/performance/`: metrics over time, against the comparison period or by campaign. */
export function PerformanceScreen({ route }: ClientScreenProps) {
  return (
    <DashboardShell
      route={route}
      description="One or two metrics over time by day, week or month, against the comparison period or split by campaign."
    >
      {(scope) => <PerformanceContent scope={scope} />}
    </DashboardShell>
  );
}

function PerformanceContent({ scope }: { scope: DashboardScope }) {
  const { query, filter, state } = scope;
  const metrics = chosenMetrics(state.param('metrics'));
  const grain: Grain = GRAINS.find((g) => g.value === state.param('grain'))?.value ?? 'DAY';
  const split = state.param('split') === 'campaign';
  const [{ data, error }] = useQuery({
    query: PerformanceTimeSeriesQuery,
    variables: {
      from: query.range.from,
      to: query.range.to,
      grain,
      filter,
      comparison: query.comparison ?? undefined,
      splitByCampaign: split,
    },
    context: dashboardQueryContext,
  });
  const series = data?.performanceTimeSeries;
  const currency = series?.currency ?? scope.currency;
  const chart = series ? performanceChart(series.current, series.comparison, metrics, split) : null;
  const [first, second] = metrics;
  const format = (metric: MetricKey | undefined) => (value: number) =>
    metric ? formatMetric(metric, value, currency) : String(value);

  return (
    <Stack gap="md">
      <Group gap="lg" align="flex-end" wrap="wrap">
        <MultiSelect
          label="Metrics (one or two)"
          data={METRIC_KEYS.map((key) => ({ value: key, label: METRICS[key].label }))}
          value={metrics}
          maxValues={2}
          w={340}
          onChange={(keys) => state.setParam('metrics', keys.length ? keys.join(',') : null)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="grain-label">
            Grain
          </Text>
          <SegmentedControl
            aria-labelledby="grain-label"
            data={GRAINS.map((g) => ({ value: g.value, label: g.label }))}
            value={grain}
            onChange={(value) => state.setParam('grain', value === 'DAY' ? null : value)}
          />
        </Stack>
        <Switch
          label="Split by campaign"
          checked={split}
          pb={8}
          onChange={(event) => state.setParam('split', event.currentTarget.checked ? 'campaign' : null)}
        />
      </Group>
      {!series || !chart ? (
        error ? (
          <QueryState error={error} />
        ) : (
          <Skeleton h={340} radius="md" />
        )
      ) : (
        <>
          <ChartFigure
            title={
              split
                ? `${METRICS[first ?? 'spend'].label} by campaign`
                : metrics.map((m) => METRICS[m].label).join(' and ')
            }
            summary={
              split
                ? `One line per campaign, by ${grain.toLowerCase()}.`
                : `By ${grain.toLowerCase()}; dashed: ${formatRange({ from: series.comparisonFrom, to: series.comparisonTo })}.`
            }
          >
            <LineChart
              h={340}
              data={chart.rows}
              dataKey="day"
              series={chart.series}
              curveType="monotone"
              withLegend
              connectNulls
              withRightYAxis={chart.series.some((s) => s.yAxisId === 'right')}
              valueFormatter={format(first)}
              rightYAxisProps={{ tickFormatter: format(second) }}
              yAxisProps={{ width: 96 }}
              xAxisProps={{ tickFormatter: (day: string) => formatDay(day).replace(/ \d{4}$/, '') }}
            />
          </ChartFigure>
          <PerformanceTable
            series={series}
            metrics={metrics}
            split={split}
            currency={currency}
            grain={grain}
          />
        </>
      )}
    </Stack>
  );
}
