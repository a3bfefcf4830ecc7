import { Stack, Text } from '@mantine/core';
import type { BuilderEditor } from '../../engine/BuilderEditor';
import { createDynamicImageLayer } from '../../model/index.js';
import { add, AddButton } from '../AddLayerPanels';

/** IMAGES: an image slot the ad fills with the product image (uploading a picture comes later). */
export function ImagesPanel({ editor }: { editor: BuilderEditor }) {
  return (
    <Stack gap="xs">
      <AddButton label="Image slot" onAdd={add(editor, (at) => createDynamicImageLayer('IMAGE', at))} />
      <Text size="xs" c="dimmed">
        A slot shows the product image in each ad. A template needs at least one.
      </Text>
    </Stack>
  );
}
