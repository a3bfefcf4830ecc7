import { SimpleGrid, Skeleton } from '@mantine/core';
import { useQuery } from 'urql';
import { QueryState } from '../../../components/QueryState';
import { PerformanceSummaryQuery } from '../api/performanceSummary';
import { dashboardQueryContext } from '../api/queryContext';
import type { DashboardScope } from '../components/DashboardShell';
import { KPI_METRICS } from '../model/metricKeys';
import { type SeriesLike, sparklineData } from '../model/series';
import { KpiTile } from './KpiTile';

/** The overview's tiles: the range's summary against the comparison range's, with the daily sparklines. */
export function KpiTiles({ scope, daily }: { scope: DashboardScope; daily?: SeriesLike }) {
  const { query, comparison, filter } = scope;
  const [current] = useQuery({
    query: PerformanceSummaryQuery,
    variables: { from: query.range.from, to: query.range.to, filter },
    context: dashboardQueryContext,
  });
  const [previous] = useQuery({
    query: PerformanceSummaryQuery,
    variables: { from: comparison.from, to: comparison.to, filter },
    context: dashboardQueryContext,
  });
  const now = current.data?.adPerformanceSummary;
  const before = previous.data?.adPerformanceSummary;
  if (current.error || previous.error) return <QueryState error={current.error ?? previous.error} />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm" component="section" aria-label="Key figures">
      {KPI_METRICS.map((metric) =>
        now && before ? (
          <KpiTile
            key={metric}
            metric={metric}
            current={now[metric]}
            previous={before[metric]}
            currency={now.currency ?? scope.currency}
            daily={daily ? sparklineData(daily, metric) : undefined}
          />
        ) : (
          <Skeleton key={metric} h={130} radius="md" />
        ),
      )}
    </SimpleGrid>
  );
}
