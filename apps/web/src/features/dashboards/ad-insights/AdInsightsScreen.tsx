import { BREAKDOWN_DEFINITIONS, METRIC_KEYS, METRICS, type MetricKey } from '@adloom/commerce';
import { BarChart } from '@mantine/charts';
import { Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { QueryState } from '../../../components/QueryState';
import type { ClientScreenProps } from '../../clients';
import { PerformanceBreakdownQuery } from '../api/performanceBreakdown';
import { dashboardQueryContext } from '../api/queryContext';
import { ChartFigure } from '../components/ChartFigure';
import { type DashboardScope, DashboardShell } from '../components/DashboardShell';
import { formatMetric } from '../model/metricFormat';
import { metricParam } from '../model/metricKeys';
import { BreakdownTable } from './BreakdownTable';

/** The breakdowns this screen offers (product ids have a dashboard of their own). */
const SCREEN_BREAKDOWNS = [
  { value: 'AGE', key: 'age' },
  { value: 'GENDER', key: 'gender' },
  { value: 'COUNTRY', key: 'country' },
  { value: 'PLACEMENT', key: 'placement' },
  { value: 'DEVICE', key: 'device' },
] as const;
type ScreenBreakdown = (typeof SCREEN_BREAKDOWNS)[number]['value'];

/** `/dashboard/ad-insights/`: a chosen metric per age, gender, country, placement or device, and every metric in a table. */
export function AdInsightsScreen({ route }: ClientScreenProps) {
  return (
    <DashboardShell
      route={route}
      withComparison={false}
      description="Who saw the ads and where: results by age, gender, country, placement or device."
    >
      {(scope) => <AdInsightsContent scope={scope} />}
    </DashboardShell>
  );
}

function AdInsightsContent({ scope }: { scope: DashboardScope }) {
  const { query, filter, state, currency } = scope;
  const breakdown: ScreenBreakdown =
    SCREEN_BREAKDOWNS.find((b) => b.value === state.param('breakdown'))?.value ?? 'AGE';
  const breakdownLabel =
    BREAKDOWN_DEFINITIONS[SCREEN_BREAKDOWNS.find((b) => b.value === breakdown)?.key ?? 'age'].label;
  const metric: MetricKey = metricParam(state.param('metric'), 'spend');
  const [{ data, error }] = useQuery({
    query: PerformanceBreakdownQuery,
    variables: { from: query.range.from, to: query.range.to, breakdown, filter },
    context: dashboardQueryContext,
  });
  const rows = data?.performanceBreakdown;

  return (
    <Stack gap="md">
      <Group gap="lg" align="flex-end">
        <Select
          label="Breakdown"
          data={SCREEN_BREAKDOWNS.map((b) => ({ value: b.value, label: BREAKDOWN_DEFINITIONS[b.key].label }))}
          value={breakdown}
          allowDeselect={false}
          w={180}
          onChange={(value) => state.setParam('breakdown', value === 'AGE' ? null : value)}
        />
        <Select
          label="Metric"
          data={METRIC_KEYS.map((key) => ({ value: key, label: METRICS[key].label }))}
          value={metric}
          allowDeselect={false}
          searchable
          w={220}
          onChange={(value) => state.setParam('metric', value === 'spend' ? null : value)}
        />
      </Group>
      {!rows ? (
        error ? (
          <QueryState error={error} />
        ) : (
          <Skeleton h={320} radius="md" />
        )
      ) : rows.length === 0 ? (
        <Text c="dimmed">
          No {breakdownLabel.toLowerCase()} breakdown in this period: the source gave none (an Ads Manager
          export has one only when it was exported with that breakdown).
        </Text>
      ) : (
        <>
          <ChartFigure
            title={`${METRICS[metric].label} by ${breakdownLabel.toLowerCase()}`}
            summary={`One bar per ${breakdownLabel.toLowerCase()}.`}
          >
            <BarChart
              h={Math.max(240, Math.min(rows.length, 30) * 28)}
              data={rows.slice(0, 30).map((row) => ({ label: row.label, value: row.values[metric] ?? 0 }))}
              dataKey="label"
              orientation="vertical"
              yAxisProps={{ width: 140 }}
              series={[{ name: 'value', label: METRICS[metric].label, color: 'blue.6' }]}
              valueFormatter={(value) => formatMetric(metric, value, currency)}
            />
          </ChartFigure>
          <BreakdownTable rows={rows} breakdownLabel={breakdownLabel} currency={currency} />
        </>
      )}
    </Stack>
  );
}
