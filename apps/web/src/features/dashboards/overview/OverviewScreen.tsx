import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useQuery } from 'urql';
import { QueryState } from '../../../components/QueryState';
import type { ClientScreenProps } from '../../clients';
import { PerformanceTimeSeriesQuery } from '../api/performanceTimeSeries';
import { dashboardQueryContext } from '../api/queryContext';
import { type DashboardScope, DashboardShell } from '../components/DashboardShell';
import { AlertsList } from './AlertsList';
import { KpiTiles } from './KpiTiles';
import { SpendRevenueChart } from './SpendRevenueChart';
import { TopAdsList } from './TopAdsList';

/** `/overview/` and `/dashboard/overview/`: the landing page of a workspace. */
export function OverviewScreen({ route }: ClientScreenProps) {
  return (
    <DashboardShell
      route={route}
      description="Spend and results of the period against the comparison period, the best ads and what changed."
    >
      {(scope) => <OverviewContent scope={scope} />}
    </DashboardShell>
  );
}

function OverviewContent({ scope }: { scope: DashboardScope }) {
  const { query, filter } = scope;
  const [{ data, error }] = useQuery({
    query: PerformanceTimeSeriesQuery,
    variables: {
      from: query.range.from,
      to: query.range.to,
      grain: 'DAY',
      filter,
      comparison: query.comparison ?? undefined,
    },
    context: dashboardQueryContext,
  });
  const daily = data?.performanceTimeSeries.current.find((series) => series.key === 'total');
  return (
    <Stack gap="md">
      <KpiTiles scope={scope} daily={daily} />
      {daily ? (
        <SpendRevenueChart series={daily} currency={data?.performanceTimeSeries.currency ?? scope.currency} />
      ) : error ? (
        <QueryState error={error} />
      ) : (
        <Skeleton h={300} radius="md" />
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <TopAdsList scope={scope} />
        <AlertsList scope={scope} />
      </SimpleGrid>
    </Stack>
  );
}
