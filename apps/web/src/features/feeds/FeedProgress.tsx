import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { FeedCounts } from './feed';
import { formatItemProgress, progressPercent } from './feedFormat';

/** How far generation is: every item in a final state out of the items of the product set. */
export function FeedProgress({ counts }: { counts: FeedCounts }) {
  const percent = progressPercent(counts.completedCount, counts.itemCount);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Generation">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{formatItemProgress(counts.completedCount, counts.itemCount)}</Text>
          <Text size="sm" c="dimmed">
            {percent}%
          </Text>
        </Group>
        <Progress
          value={percent}
          size="lg"
          animated={counts.isGenerating}
          color={counts.isGenerating ? 'blue' : 'teal'}
          aria-label="Generation progress"
        />
        <Text size="sm" c="dimmed" role="status">
          {counts.isGenerating
            ? 'Generating: each item’s ad is made in the background. This page updates every 2 seconds.'
            : counts.itemCount === 0
              ? 'The product set has no items yet.'
              : 'Every item has been handled. Ads are made again when the catalogue or a template changes.'}
        </Text>
      </Stack>
    </Paper>
  );
}
