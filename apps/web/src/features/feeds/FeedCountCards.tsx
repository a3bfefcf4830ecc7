import { Paper, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { clientUrl } from '../../app/routes';
import { creativeStatusColors } from './CreativeStatusBadge';
import type { FeedCounts } from './feed';
import {
  CREATIVE_STATUSES,
  creativeStatusDescriptions,
  creativeStatusLabels,
  formatNumber,
  statusCount,
} from './feedFormat';

/** One stat card per creative status; each opens the creatives of that status. */
export function FeedCountCards({
  clientId,
  feedId,
  counts,
}: {
  clientId: string;
  feedId: string;
  counts: FeedCounts;
}) {
  const creativesUrl = clientUrl(clientId, 'feeds/:id/creatives/', { id: feedId });
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" component="section" aria-label="Counts">
      {CREATIVE_STATUSES.map((status) => {
        const count = statusCount(counts, status);
        const label = creativeStatusLabels[status];
        return (
          <Paper
            key={status}
            withBorder
            p="sm"
            radius="md"
            component={Link}
            to={`${creativesUrl}?status=${status}`}
            aria-label={`${label}: ${formatNumber(count)}`}
            title={creativeStatusDescriptions[status]}
            style={{
              borderLeft: `4px solid var(--mantine-color-${creativeStatusColors[status]}-5)`,
              color: 'inherit',
              textDecoration: 'none',
            }}
          >
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text fz={26} fw={700} lh={1.2}>
              {formatNumber(count)}
            </Text>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
