import type { MetricKey } from '@adloom/commerce';
import { Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCopyPlus } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import { Link } from 'react-router';
import type { AdRankingQuery } from '../api/adRanking';
import { AdIdentity } from '../components/AdIdentity';
import { formatMetric } from '../model/metricFormat';
import { moreLikeThisPath } from '../model/ranking';
import { IntervalBar } from './IntervalBar';

export type RankedAd = ResultOf<typeof AdRankingQuery>['adRanking']['winners'][number];

/** Winners or losers: each ad with its estimate, 90 % interval and observed value, and "Make more like this". */
export function RankedAdList({
  title,
  ads,
  metric,
  currency,
  clientId,
  scale,
}: {
  title: string;
  ads: readonly RankedAd[];
  metric: MetricKey;
  currency: string | null;
  clientId: string;
  scale: { min: number; max: number };
}) {
  const format = (value: number | null) => formatMetric(metric, value, currency);
  const headingId = `${title.toLowerCase()}-title`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="md" id={headingId} mb="sm">
        {title}
      </Title>
      {ads.length === 0 ? (
        <Text c="dimmed" size="sm">
          No ad to rank.
        </Text>
      ) : (
        <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {ads.map((ranked) => {
            const path = moreLikeThisPath(clientId, ranked.ad.ours);
            const interval = `Estimate ${format(ranked.estimate)}, 90 % interval ${format(ranked.low)} to ${format(ranked.high)}; observed ${format(ranked.observed)}.`;
            return (
              <li key={ranked.ad.id} aria-label={`#${ranked.rank} ${ranked.ad.name}`}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Group gap="xs" wrap="nowrap" miw={0}>
                      <Text fw={700} c="dimmed" w={28}>
                        #{ranked.rank}
                      </Text>
                      <AdIdentity ad={ranked.ad} />
                    </Group>
                    {path ? (
                      <Button
                        component={Link}
                        to={path}
                        size="xs"
                        variant="light"
                        style={{ flexShrink: 0 }}
                        leftSection={<IconCopyPlus size={14} />}
                      >
                        Make more like this
                      </Button>
                    ) : (
                      <Tooltip label="This ad’s creative was not made in Adloom, so there is no template or feed to open.">
                        <Button
                          size="xs"
                          variant="light"
                          data-disabled
                          style={{ flexShrink: 0 }}
                          onClick={(event) => event.preventDefault()}
                          leftSection={<IconCopyPlus size={14} />}
                        >
                          Make more like this
                        </Button>
                      </Tooltip>
                    )}
                  </Group>
                  <IntervalBar
                    low={ranked.low}
                    high={ranked.high}
                    estimate={ranked.estimate}
                    observed={ranked.observed}
                    scale={scale}
                    description={interval}
                  />
                  <Text size="xs">
                    Estimate <b>{format(ranked.estimate)}</b> (90 % interval {format(ranked.low)}–
                    {format(ranked.high)}) · observed {format(ranked.observed)} · spend{' '}
                    {formatMetric('spend', ranked.ad.values.spend, currency)}
                  </Text>
                </Stack>
              </li>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
