import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { PREVIEW_PAGE_SIZE } from './previewItem';

/** 'Items 21–40 of 134' with the buttons to the previous and the next page. */
export function PreviewItemPager({
  offset,
  shown,
  total,
  onOffset,
}: {
  offset: number;
  shown: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  if (total <= PREVIEW_PAGE_SIZE && offset === 0) return null;
  return (
    <Group justify="space-between" gap="xs">
      <Text size="xs" c="dimmed">
        Items {(offset + 1).toLocaleString('en')}–{(offset + shown).toLocaleString('en')} of{' '}
        {total.toLocaleString('en')}
      </Text>
      <Group gap={4}>
        <ActionIcon
          variant="default"
          size="sm"
          aria-label="Previous items"
          disabled={offset === 0}
          onClick={() => onOffset(offset - PREVIEW_PAGE_SIZE)}
        >
          <IconChevronLeft size={14} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="sm"
          aria-label="Next items"
          disabled={offset + shown >= total}
          onClick={() => onOffset(offset + PREVIEW_PAGE_SIZE)}
        >
          <IconChevronRight size={14} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
