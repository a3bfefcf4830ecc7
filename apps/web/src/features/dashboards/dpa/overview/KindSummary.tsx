import { addSums, emptySums, type MetricKey, metricValue } from '@adloom/commerce';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MetricLabel } from '../../components/MetricLabel';
import { formatMetric } from '../../model/metricFormat';
import type { DpaAdKind } from '../model/dpaPages';

interface AdRow {
  kind: DpaAdKind;
  products: number;
  values: {
    spend: number | null;
    impressions: number | null;
    linkClicks: number | null;
    purchases: number | null;
    purchaseValue: number | null;
  };
}

const KINDS = [
  {
    kind: 'CATALOG',
    page: 'catalog_ads',
    title: 'Plain catalogue image',
    text: 'Catalogue ads that show the image of the catalogue.',
  },
  {
    kind: 'ENHANCEMENT',
    page: 'enhancement_ads',
    title: 'Adloom creatives',
    text: 'Catalogue ads that show the creatives of an Adloom feed.',
  },
] as const;

const SHOWN: MetricKey[] = ['spend', 'ctr', 'cvr', 'roas'];

/** The two kinds of catalogue ads side by side: how many, their spend and rates, and a link to each list. */
export function KindSummary({
  rows,
  currency,
  pageUrl,
}: {
  rows: readonly AdRow[];
  currency: string | null;
  pageUrl: (key: string) => string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {KINDS.map(({ kind, page, title, text }) => {
        const ads = rows.filter((row) => row.kind === kind);
        const sums = ads.reduce(
          (total, row) =>
            addSums(total, {
              spend: row.values.spend ?? 0,
              impressions: row.values.impressions ?? 0,
              linkClicks: row.values.linkClicks ?? 0,
              purchases: row.values.purchases ?? 0,
              purchaseValue: row.values.purchaseValue ?? 0,
            }),
          emptySums(),
        );
        return (
          <Paper key={kind} withBorder radius="md" p="md" component="section" aria-label={title}>
            <Stack gap="xs">
              <Group justify="space-between" align="baseline">
                <Title order={2} fz="md">
                  {title}
                </Title>
                <Anchor component={Link} to={pageUrl(page)} size="sm">
                  {ads.length} {ads.length === 1 ? 'ad' : 'ads'}
                </Anchor>
              </Group>
              <Text size="xs" c="dimmed">
                {text}
              </Text>
              <Group gap="xl">
                {SHOWN.map((metric) => (
                  <Stack key={metric} gap={0}>
                    <MetricLabel metric={metric} size="xs" />
                    <Text fw={700}>{formatMetric(metric, metricValue(sums, metric), currency)}</Text>
                  </Stack>
                ))}
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
