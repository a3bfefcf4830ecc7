import { ActionIcon, Alert, Box, Group, Image, Loader, LoadingOverlay, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { PreviewItem } from './previewItem';
import { PreviewSection } from './PreviewSection';
import { useLivePreview, type RenderLive } from './useLivePreview';

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
  const view = useLivePreview(renderLive, item);
  const stepping = items.length > 1;
  const controls = item && (
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
        {index + 1} of {items.length}
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
  return (
    <PreviewSection
      title="Live preview"
      note={item ? item.title || item.id : 'The template as it is now.'}
      controls={controls}
    >
      {!item ? (
        <Text size="sm" c="dimmed">
          Choose a catalogue with items (or change the search) to draw the template with them.
        </Text>
      ) : view.error ? (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm">{view.error}</Text>
        </Alert>
      ) : view.dataUrl ? (
        <Box pos="relative">
          <LoadingOverlay visible={view.rendering} loaderProps={{ size: 'sm' }} />
          <Image
            src={view.dataUrl}
            alt={`Live preview of ${item.title || item.id}`}
            radius="sm"
            fit="contain"
          />
        </Box>
      ) : (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Drawing the preview…
          </Text>
        </Group>
      )}
    </PreviewSection>
  );
}
