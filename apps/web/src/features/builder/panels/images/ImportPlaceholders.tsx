import { Box, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import type { BuilderEditor } from '../../engine/BuilderEditor';
import { useEditorState } from '../../engine/useEditorState';
import type { EditorState } from '../../engine/BuilderEditor';
import { imageImportsOf, type ImageImport } from './imageImports';

const zoomOf = (state: EditorState) => state.zoom;

function Placeholder({ item, zoom }: { item: ImageImport; zoom: number }) {
  const { box } = item;
  const small = Math.min(box.width, box.height) * zoom < 90;
  return (
    <Box
      role="status"
      aria-label={`Placing ${item.name}`}
      data-testid="image-import-placeholder"
      pos="absolute"
      left={box.left * zoom}
      top={box.top * zoom}
      w={box.width * zoom}
      h={box.height * zoom}
      bg="var(--mantine-color-gray-2)"
      style={{
        border: '1px dashed var(--mantine-color-gray-5)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      <Stack gap={4} align="center" w="80%">
        <IconPhoto size={small ? 20 : 40} color="var(--mantine-color-gray-6)" aria-hidden />
        {!small && (
          <Text size="xs" c="dimmed" ta="center" lineClamp={1} w="100%">
            {item.name}
          </Text>
        )}
        {item.progress === null ? (
          <Loader size="xs" />
        ) : (
          <Progress
            value={Math.round(item.progress * 100)}
            w="100%"
            size="sm"
            aria-label={`Downloading ${item.name}`}
          />
        )}
      </Stack>
    </Box>
  );
}

/**
 * The placeholders of the pictures being placed (spec section 4), laid over the canvas at their boxes and
 * the current zoom. They take no clicks: the canvas stays usable meanwhile.
 */
export function ImportPlaceholders({ editor }: { editor: BuilderEditor }) {
  const imports = imageImportsOf(editor);
  const items = useSyncExternalStore(imports.subscribe, imports.getSnapshot);
  const zoom = useEditorState(editor, zoomOf);
  if (items.length === 0) return null;
  return (
    <Box pos="absolute" inset={0} style={{ pointerEvents: 'none', overflow: 'hidden' }}>
      {items.map((item) => (
        <Placeholder key={item.id} item={item} zoom={zoom} />
      ))}
    </Box>
  );
}
