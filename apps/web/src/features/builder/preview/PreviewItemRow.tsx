import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatPrice, ItemThumbnail } from '../../catalogs';
import type { PreviewItem } from './previewItem';

/** One item of the preview list: its picture, title, id and price; picking it previews it. */
export function PreviewItemRow({
  item,
  selected,
  onPick,
}: {
  item: PreviewItem;
  selected: boolean;
  onPick: (item: PreviewItem) => void;
}) {
  return (
    <UnstyledButton
      onClick={() => onPick(item)}
      aria-pressed={selected}
      p={4}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: selected ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <ItemThumbnail url={item.imageLink} title={item.title} size={40} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={selected ? 600 : 400} truncate>
            {item.title || item.id}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {item.id} · {formatPrice(item.price, item.currency)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
