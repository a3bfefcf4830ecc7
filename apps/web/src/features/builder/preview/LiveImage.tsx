import { Alert, Box, Center, Group, Image, Loader, LoadingOverlay, Text } from '@mantine/core';
import { itemLabel } from './previewBar';
import type { PreviewItem } from './previewItem';
import { useLivePreview, type RenderLive } from './useLivePreview';

/**
 * One item drawn live with the current template: the picture (the previous one dimmed while the next is
 * drawn), a plain "drawing" state before the first, or why it could not be drawn.
 */
export function LiveImage({
  renderLive,
  item,
  compact = false,
  maxHeight,
}: {
  renderLive: RenderLive;
  item: PreviewItem;
  /** Thumbnails: a short error text and a small loader. */
  compact?: boolean;
  maxHeight?: number;
}) {
  const view = useLivePreview(renderLive, item);
  const label = itemLabel(item);
  if (view.error)
    return compact ? (
      <Center h="100%" p={4} role="alert">
        <Text size="xs" c="red" ta="center" lineClamp={4} title={view.error}>
          {view.error}
        </Text>
      </Center>
    ) : (
      <Alert color="red" variant="light" role="alert">
        <Text size="sm">{view.error}</Text>
      </Alert>
    );
  if (!view.dataUrl)
    return compact ? (
      <Center h="100%" role="status" aria-label={`Drawing the preview of ${label}`}>
        <Loader size="xs" />
      </Center>
    ) : (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Drawing the preview…
        </Text>
      </Group>
    );
  return (
    <Box pos="relative" aria-busy={view.rendering}>
      <LoadingOverlay visible={view.rendering} loaderProps={{ size: 'xs' }} />
      <Image
        src={view.dataUrl}
        alt={`Live preview of ${label}`}
        radius="sm"
        fit="contain"
        mah={maxHeight}
        data-testid="live-preview-image"
      />
    </Box>
  );
}
