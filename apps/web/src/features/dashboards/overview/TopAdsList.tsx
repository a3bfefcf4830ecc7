import { METRICS, type MetricKey } from '@adloom/commerce';
import { Group, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from 'urql';
import { QueryState } from '../../../components/QueryState';
import { dashboardQueryContext } from '../api/queryContext';
import { TopAdsQuery } from '../api/topAds';
import { AdIdentity } from '../components/AdIdentity';
import type { DashboardScope } from '../components/DashboardShell';
import { MetricLabel } from '../components/MetricLabel';
import { formatMetric } from '../model/metricFormat';
import { METRIC_ENUM, metricParam } from '../model/metricKeys';

const TOP_METRICS: MetricKey[] = ['roas', 'purchaseValue', 'purchases', 'cpa', 'ctr', 'cvr', 'spend'];

/** The five best ads of the period by a chosen metric (ROAS by default), among ads above the minimum spend. */
export function TopAdsList({ scope }: { scope: DashboardScope }) {
  const { query, filter, state, currency } = scope;
  const metric = metricParam(state.param('topMetric'), 'roas');
  const [{ data, error }] = useQuery({
    query: TopAdsQuery,
    variables: { from: query.range.from, to: query.range.to, metric: METRIC_ENUM[metric], limit: 5, filter },
    context: dashboardQueryContext,
  });
  const ads = data?.topAds;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="top-ads-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md" id="top-ads-title">
          Top five ads
        </Title>
        <Select
          label="Rank top ads by"
          size="xs"
          w={170}
          data={TOP_METRICS.map((key) => ({ value: key, label: METRICS[key].label }))}
          value={metric}
          allowDeselect={false}
          onChange={(value) => state.setParam('topMetric', value === 'roas' ? null : value)}
        />
      </Group>
      {!ads ? (
        error ? (
          <QueryState error={error} />
        ) : (
          <Stack gap="xs">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={56} />
            ))}
          </Stack>
        )
      ) : ads.length === 0 ? (
        <Text c="dimmed" size="sm">
          No ad spent at least the minimum spend ({formatMetric('spend', scope.context.minSpend, currency)})
          in this period.
        </Text>
      ) : (
        <Table verticalSpacing="xs" aria-label="Top five ads">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Ad</Table.Th>
              <Table.Th ta="right">
                <MetricLabel metric={metric} />
              </Table.Th>
              <Table.Th ta="right">
                <MetricLabel metric="spend" />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ads.map((ad) => (
              <Table.Tr key={ad.id}>
                <Table.Td maw={360}>
                  <AdIdentity ad={ad} />
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatMetric(metric, ad.values[metric], currency)}
                </Table.Td>
                <Table.Td ta="right">{formatMetric('spend', ad.values.spend, currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
