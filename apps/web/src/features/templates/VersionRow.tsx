import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/format';
import type { TemplateVersion } from './template';
import { formatSlotCount } from './templateFormat';
import { TemplateThumbnail } from './TemplateThumbnail';

/** One version of the history: thumbnail, number, date, slots, where it was restored from. */
export function VersionRow({
  version,
  current,
  restoredFrom,
  onRestore,
  busy,
  disabled,
}: {
  version: TemplateVersion;
  current: boolean;
  /** The number of the version this one restored, when it is a restore (undefined when that one is gone). */
  restoredFrom: number | undefined;
  onRestore: () => void;
  busy: boolean;
  disabled: boolean;
}) {
  return (
    <Paper component="li" withBorder p="xs" radius="md" aria-label={`Version ${version.number}`}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Box w={96} style={{ flexShrink: 0, borderRadius: 4, overflow: 'hidden' }}>
          <TemplateThumbnail url={version.thumbnailUrl} name={`version ${version.number}`} height={72} />
        </Box>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>Version {version.number}</Text>
            {current && (
              <Badge size="sm" variant="light" color="teal">
                Current
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {formatDateTime(version.createdAt)}
          </Text>
          <Text size="sm" c="dimmed">
            {formatSlotCount(version.slotCount)}
          </Text>
          {version.restoredFromId && (
            <Text size="sm" c="dimmed">
              {restoredFrom === undefined
                ? 'Restored from an earlier version'
                : `Restored from version ${restoredFrom}`}
            </Text>
          )}
        </Stack>
        {!current && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRestore size={14} />}
            onClick={onRestore}
            loading={busy}
            disabled={disabled}
            aria-label={`Restore version ${version.number}`}
          >
            Restore
          </Button>
        )}
      </Group>
    </Paper>
  );
}
