import { Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { BrandKitLimit } from './brandKit';
import { formatUsage, KIND_WORDS, limitMessage } from './brandKitFormat';

/**
 * One kind of the brand kit: its title, how full it is against its limit, how many of its items are
 * still loading, the action that adds one (or why none can be added), and its items.
 */
export function BrandKitSection({
  title,
  description,
  limit,
  loadingCount = 0,
  action,
  empty,
  children,
}: {
  title: string;
  description: ReactNode;
  limit: BrandKitLimit;
  loadingCount?: number;
  action: ReactNode;
  empty: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  const full = limit.count >= limit.maxItems;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={2} fz="lg" id={titleId}>
                {title}
              </Title>
              <Badge variant="light" color={full ? 'orange' : 'gray'}>
                {formatUsage(limit)}
              </Badge>
              {loadingCount > 0 && (
                <Badge variant="light" leftSection={<Loader size={10} />} role="status">
                  Loading {loadingCount}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
          {action}
        </Group>
        {full && (
          <Text size="sm" c="orange.8" role="note">
            {limitMessage(limit.type, limit.maxItems)}
          </Text>
        )}
        {empty ? (
          <Text size="sm" c="dimmed">
            No {KIND_WORDS[limit.type][1]} yet.
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}
