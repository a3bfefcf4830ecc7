import { METRICS } from '@adloom/commerce';
import { Badge, Card, Center, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { AdThumbnail } from '../components/AdThumbnail';
import { formatMetric } from '../model/metricFormat';
import { type FeatureMetric, metricInSentence } from './model/featureEffects';

export interface FeatureAd {
  spend: number;
  value: number | null;
  winner: boolean;
  imageUrl: string | null;
  ad: { id: string; name: string; campaignName: string; adSetName: string; thumbnailUrl: string | null };
}

/** The ads with the feature, best first as the server sorts them: creative, name, campaign, spend, metric. */
export function FeatureAdGallery({
  ads,
  adsWith,
  metric,
  currency,
}: {
  ads: readonly FeatureAd[];
  /** Every ad with the feature in the range (the gallery shows the best of them). */
  adsWith: number;
  metric: FeatureMetric;
  currency: string | null;
}) {
  const label = METRICS[metric].label;
  const inSentence = metricInSentence(metric);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="feature-ads-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md" id="feature-ads-title">
          Ads with this feature, best {inSentence} first
        </Title>
        {ads.length > 0 && ads.length < adsWith && (
          <Text size="xs" c="dimmed">
            The best {ads.length} of {adsWith}
          </Text>
        )}
      </Group>
      {ads.length === 0 ? (
        <Text size="sm" c="dimmed">
          No ad with this feature spent in this range.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" component="ol" p={0} m={0}>
          {ads.map((entry, index) => (
            <Card
              key={entry.ad.id}
              withBorder
              radius="md"
              padding="sm"
              component="li"
              aria-label={`#${index + 1} ${entry.ad.name}`}
              style={{ listStyle: 'none' }}
            >
              <Card.Section py="sm" bg="gray.0">
                <Center>
                  <AdThumbnail
                    url={entry.imageUrl ?? entry.ad.thumbnailUrl}
                    name={entry.ad.name}
                    size={160}
                  />
                </Center>
              </Card.Section>
              <Stack gap={4} mt="sm">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="xs" c="dimmed" fw={700}>
                    #{index + 1}
                  </Text>
                  {entry.winner && (
                    <Badge size="sm" color="teal" variant="light" leftSection={<IconTrophy size={12} />}>
                      Winner
                    </Badge>
                  )}
                </Group>
                <Text size="sm" fw={600} truncate="end" title={entry.ad.name}>
                  {entry.ad.name}
                </Text>
                <Text
                  size="xs"
                  c="dimmed"
                  truncate="end"
                  title={`${entry.ad.campaignName} · ${entry.ad.adSetName}`}
                >
                  {entry.ad.campaignName} · {entry.ad.adSetName}
                </Text>
                <Group justify="space-between" gap="xs" mt={4}>
                  <Text size="sm">
                    {label} <b>{formatMetric(metric, entry.value, currency)}</b>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatMetric('spend', entry.spend, currency)} spent
                  </Text>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
