import { METRICS, type MetricKey } from '@adloom/commerce';
import { Alert, Group, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ResultOf } from 'gql.tada';
import { useQuery } from 'urql';
import { QueryState } from '../../../components/QueryState';
import type { ClientScreenProps } from '../../clients';
import { AdRankingQuery } from '../api/adRanking';
import { dashboardQueryContext } from '../api/queryContext';
import { type DashboardScope, DashboardShell } from '../components/DashboardShell';
import { formatMetric } from '../model/metricFormat';
import { METRIC_ENUM, metricParam } from '../model/metricKeys';
import { intervalScale } from '../model/ranking';
import { MinSpendControl } from './MinSpendControl';
import { RankedAdList } from './RankedAdList';

/** The rates ads are ranked by (volumes favour big budgets, not good ads). */
const RANK_METRICS: MetricKey[] = ['roas', 'ctr', 'cvr', 'cpa', 'cpc', 'cpm', 'hookRate', 'holdRate'];

/** `/dashboard/top-bottom-ads/`: winners and losers by a rate, ranked on shrunk estimates with their intervals. */
export function TopBottomAdsScreen({ route }: ClientScreenProps) {
  return (
    <DashboardShell
      route={route}
      withComparison={false}
      description="The best and the worst ads by a chosen rate, among ads above the minimum spend."
    >
      {(scope) => <TopBottomAdsContent scope={scope} />}
    </DashboardShell>
  );
}

function TopBottomAdsContent({ scope }: { scope: DashboardScope }) {
  const { query, filter, state, clientId } = scope;
  const metric = metricParam(state.param('metric'), 'roas');
  const rankMetric = RANK_METRICS.includes(metric) ? metric : 'roas';
  const [{ data, error }, reexecute] = useQuery({
    query: AdRankingQuery,
    variables: {
      from: query.range.from,
      to: query.range.to,
      metric: METRIC_ENUM[rankMetric],
      limit: 10,
      filter,
    },
    context: dashboardQueryContext,
  });
  const ranking = data?.adRanking;
  const currency = scope.currency;

  return (
    <Stack gap="md">
      <Group gap="lg" align="flex-end" wrap="wrap">
        <Select
          label="Rank by"
          data={RANK_METRICS.map((key) => ({ value: key, label: METRICS[key].label }))}
          value={rankMetric}
          allowDeselect={false}
          w={200}
          onChange={(value) => state.setParam('metric', value === 'roas' ? null : value)}
        />
        <MinSpendControl
          key={scope.context.minSpend}
          minSpend={scope.context.minSpend}
          currency={currency}
          onSaved={() => {
            scope.refreshContext();
            reexecute({ requestPolicy: 'network-only' });
          }}
        />
      </Group>
      {!ranking ? (
        error ? (
          <QueryState error={error} />
        ) : (
          <Skeleton h={360} radius="md" />
        )
      ) : (
        <RankingBody ranking={ranking} metric={rankMetric} currency={currency} clientId={clientId} />
      )}
    </Stack>
  );
}

function RankingBody({
  ranking,
  metric,
  currency,
  clientId,
}: {
  ranking: ResultOf<typeof AdRankingQuery>['adRanking'];
  metric: MetricKey;
  currency: string | null;
  clientId: string;
}) {
  const scale = intervalScale([...ranking.winners, ...ranking.losers]);
  return (
    <>
      <Alert variant="light" color="blue" title="How ads are ranked">
        <Text size="sm">{ranking.method}</Text>
        <Text size="sm" mt={4}>
          {ranking.eligibleAds} ads ranked; {ranking.excludedBelowMinSpend} spent less than{' '}
          {formatMetric('spend', ranking.minSpend, currency)} and are left out. Estimates shrink towards{' '}
          {formatMetric(metric, ranking.prior, currency)}. Bar: 90 % interval; dot: estimate; tick: observed.
        </Text>
      </Alert>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <RankedAdList
          title="Winners"
          ads={ranking.winners}
          metric={metric}
          currency={currency}
          clientId={clientId}
          scale={scale}
        />
        <RankedAdList
          title="Losers"
          ads={ranking.losers}
          metric={metric}
          currency={currency}
          clientId={clientId}
          scale={scale}
        />
      </SimpleGrid>
    </>
  );
}
