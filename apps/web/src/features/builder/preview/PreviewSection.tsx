import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled box of the preview tab ("Server preview", "Live preview"), with optional header controls. */
export function PreviewSection({
  title,
  note,
  controls,
  children,
}: {
  title: string;
  note?: string;
  controls?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {title}
            </Text>
            {note && (
              <Text size="xs" c="dimmed">
                {note}
              </Text>
            )}
          </Stack>
          {controls}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
