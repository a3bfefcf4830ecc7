import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of one integration on the page: its name, a badge, what it does, then its body. */
export function IntegrationCard({
  title,
  badge,
  description,
  children,
}: {
  title: string;
  badge?: ReactNode;
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Stack gap="md">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2} fz="lg">
              {title}
            </Title>
            {badge}
          </Group>
          <Text size="sm" c="dimmed" maw={760}>
            {description}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
