import { METRICS, type MetricKey, relativeChange } from '@adloom/commerce';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Sparkline } from '@mantine/charts';
import { changeTone, formatChange, formatMetric, TONE_COLOR } from '../model/metricFormat';
import { MetricLabel } from '../components/MetricLabel';

const TONE_WORD = { good: 'better', bad: 'worse', neutral: 'change' } as const;

/** One KPI: its value, its change against the comparison period coloured by whether it is good news, and a sparkline. */
export function KpiTile({
  metric,
  current,
  previous,
  currency,
  daily,
}: {
  metric: MetricKey;
  current: number | null;
  previous: number | null;
  currency: string | null;
  /** The daily values (undefined while they load or when the server has no series yet). */
  daily?: number[];
}) {
  const change = relativeChange(current, previous);
  const tone = changeTone(metric, change);
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={METRICS[metric].label}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <MetricLabel metric={metric} size="sm" />
          <Badge
            color={TONE_COLOR[tone]}
            variant="light"
            title={`${formatChange(change)} against the comparison period (${TONE_WORD[tone]})`}
          >
            {formatChange(change)}
          </Badge>
        </Group>
        <Text fz={24} fw={700} lh={1.2}>
          {formatMetric(metric, current, currency)}
        </Text>
        <Text size="xs" c="dimmed">
          was {formatMetric(metric, previous, currency)}
        </Text>
        {daily && daily.length > 1 && (
          <Sparkline
            h={36}
            data={daily}
            curveType="monotone"
            color={TONE_COLOR[tone] === 'gray' ? 'blue' : TONE_COLOR[tone]}
            fillOpacity={0.2}
            strokeWidth={1.5}
            aria-hidden
          />
        )}
      </Stack>
    </Paper>
  );
}
