import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { LiveImage } from './LiveImage';
import { itemLabel } from './previewBar';
import type { PreviewItem } from './previewItem';
import { PreviewSection } from './PreviewSection';
import type { RenderLive } from './useLivePreview';

/** Previous / 'n of m' / next through the preview items. */
export function LiveItemStepper({
  index,
  count,
  onStep,
}: {
  index: number;
  count: number;
  onStep: (step: 1 | -1) => void;
}) {
  const stepping = count > 1;
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="sm"
        aria-label="Previous item"
        disabled={!stepping}
        onClick={() => onStep(-1)}
      >
        <IconChevronLeft size={14} />
      </ActionIcon>
      <Text size="xs" c="dimmed" miw={48} ta="center">
        {index + 1} of {count}
      </Text>
      <ActionIcon
        variant="default"
        size="sm"
        aria-label="Next item"
        disabled={!stepping}
        onClick={() => onStep(1)}
      >
        <IconChevronRight size={14} />
      </ActionIcon>
    </Group>
  );
}

/** The current, unsaved template drawn in the browser with one preview item; steps through the items. */
export function LivePreview({
  renderLive,
  items,
  index,
  onStep,
}: {
  renderLive: RenderLive;
  items: readonly PreviewItem[];
  index: number;
  onStep: (step: 1 | -1) => void;
}) {
  const item = items[index] ?? null;
  return (
    <PreviewSection
      title="Live preview"
      note={item ? itemLabel(item) : 'The template as it is now.'}
      controls={item && <LiveItemStepper index={index} count={items.length} onStep={onStep} />}
    >
      {item ? (
        <LiveImage renderLive={renderLive} item={item} />
      ) : (
        <Text size="sm" c="dimmed">
          Choose a catalogue with items (or change the search) to draw the template with them.
        </Text>
      )}
    </PreviewSection>
  );
}
