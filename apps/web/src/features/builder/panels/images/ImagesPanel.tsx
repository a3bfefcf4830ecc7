import {
  Anchor,
  Button,
  Center,
  FileButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { BUILDER } from '@adloom/template';
import { useRef } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { clientUrl } from '../../../../app/routes';
import { useCurrentClient } from '../../../clients';
import type { BuilderEditor, EditorState } from '../../engine/BuilderEditor';
import { useEditorState } from '../../engine/useEditorState';
import { allLayers, createDynamicImageLayer } from '../../model/index.js';
import { useRoleLabels } from '../layer-data/roleLabels';
import { add, AddButton, WRAPPING_BUTTON } from '../AddLayerPanels';
import { BuilderBrandLogosQuery } from './api/builderBrandLogos';
import { PICTURE_ACCEPT, PICTURE_FORMATS } from './imageFiles';
import { useCanvasPictureDrop } from './useCanvasPictureDrop';
import { usePictureImport, type BrandLogoSource } from './usePictureImport';
import { runCommand } from '../../commands/registry';

const { slideDuration, transition, maxSlides } = BUILDER.slideshow;

const CHECKERBOARD =
  'repeating-conic-gradient(var(--mantine-color-gray-1) 0% 25%, var(--mantine-color-white) 0% 50%) 50% / 12px 12px';

/** Choosing or dropping picture files: each one is placed on the canvas. */
function UploadPictures({ editor }: { editor: BuilderEditor }) {
  const { importFiles } = usePictureImport(editor);
  const resetRef = useRef<() => void>(null);
  const noCanvas = useRef<HTMLElement>(null);
  const { dragging, handlers } = useCanvasPictureDrop(editor, noCanvas);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      aria-label="Upload pictures"
      {...handlers}
      style={{
        borderStyle: 'dashed',
        borderColor: dragging ? 'var(--mantine-color-blue-6)' : undefined,
        background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      <Stack gap="xs" align="center">
        <FileButton
          accept={PICTURE_ACCEPT}
          multiple
          resetRef={resetRef}
          onChange={(files) => {
            resetRef.current?.();
            void importFiles(files);
          }}
        >
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} />} fullWidth {...WRAPPING_BUTTON}>
              Upload picture
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed" ta="center">
          {PICTURE_FORMATS}. Drop files here or on the canvas. A picture larger than the canvas is scaled down
          to fit.
        </Text>
      </Stack>
    </Paper>
  );
}

/** A brand kit logo as a button that places it as a plain picture. */
function LogoTile({ logo, onPlace }: { logo: BrandLogoSource & { id: string }; onPlace: () => void }) {
  return (
    <Tooltip label={logo.name}>
      <UnstyledButton
        aria-label={`Place logo ${logo.name}`}
        onClick={onPlace}
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
      >
        <Center h={64} p={4} style={{ background: CHECKERBOARD }}>
          {logo.content.thumbnailUrl ? (
            <Image src={logo.content.thumbnailUrl} alt="" fit="contain" h="100%" w="100%" />
          ) : (
            <Text size="xs" lineClamp={2} ta="center">
              {logo.name}
            </Text>
          )}
        </Center>
      </UnstyledButton>
    </Tooltip>
  );
}

const selectLayers = (state: EditorState) => state.model.layers;

/** The template's layers filled in each ad, by their role labels ('Product image 1 (fit)'); a click selects one. */
function FilledLayers({ editor }: { editor: BuilderEditor }) {
  const layers = useEditorState(editor, selectLayers);
  const labels = useRoleLabels(editor);
  const filled = allLayers(layers).filter((layer) => layer.data.dynamicLayerType !== null);
  if (filled.length === 0) return null;
  return (
    <Stack gap={4} aria-label="In this template" role="region">
      <Text size="xs" fw={500}>
        In this template
      </Text>
      <Group gap={4}>
        {filled.map((layer) => (
          <Button
            key={layer.uid}
            size="compact-xs"
            variant="light"
            onClick={() => runCommand(editor, 'select-layers', { uids: [layer.uid] })}
          >
            {labels.get(layer.id) ?? layer.data.name}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * IMAGES: upload pictures (placed as they are, scaled down to the canvas when larger), the dynamic image
 * layers the renderer fills per ad (the product image, slideshow and video slots, the brand logo, the
 * blurred background and the copy of the first image), and the brand kit's logos as plain pictures.
 *
 * A slideshow or video slot is an input slot like an image slot (template-format.md section 2: its id is
 * `MAIN_nnn…_SLIDESHOW[d=…;t=…;n=…]` or `…_VIDEO[…]`, with the spec's slideshow defaults): the renderer
 * fills it like an image slot, with the slot's own input image (rules/main-images.ts: "Slideshow and
 * video slots show their first image"), and the timing is only kept in the template.
 */
export function ImagesPanel({ editor }: { editor: BuilderEditor }) {
  const client = useCurrentClient();
  const [{ data, error }] = useQuery({ query: BuilderBrandLogosQuery });
  const logos = data?.brandKit.logos ?? [];
  const firstLogo = logos[0] ?? null;
  const { addLogoSlot, importBrandLogo } = usePictureImport(editor);

  const addBlurredBackground = () => {
    const { width, height } = editor.model;
    const layer = createDynamicImageLayer('BLUR', { left: 0, top: 0, width, height });
    // A background: under everything else.
    runCommand(editor, 'add-layers', { layers: [layer], index: 0 });
  };

  return (
    <Stack gap="md">
      <UploadPictures editor={editor} />

      <Stack gap="xs">
        <Title order={4} size="sm">
          Filled in each ad
        </Title>
        <FilledLayers editor={editor} />
        <AddButton label="Image slot" onAdd={add(editor, (at) => createDynamicImageLayer('IMAGE', at))} />
        <Text size="xs" c="dimmed">
          A slot shows the product image in each ad: the first slot the item&apos;s first image, the second
          its second. A template needs at least one slot: image, slideshow or video.
        </Text>
        <AddButton
          label="Slideshow slot"
          onAdd={add(editor, (at) => createDynamicImageLayer('SLIDESHOW', at))}
        />
        <AddButton label="Video slot" onAdd={add(editor, (at) => createDynamicImageLayer('VIDEO', at))} />
        <Text size="xs" c="dimmed">
          Like an image slot, each takes the item&apos;s image of its place in the slot order: the ads made
          here are still images, so a slideshow or video slot shows that one picture. Their timing (
          {slideDuration} s a slide, {transition} s transition, up to {maxSlides} slides) is saved with the
          template; change it in the layer data.
        </Text>
        <AddButton label="Logo" onAdd={() => void addLogoSlot(firstLogo)} />
        <Text size="xs" c="dimmed">
          {firstLogo
            ? `The brand kit's first logo (${firstLogo.name}) in each ad.`
            : "The brand kit's first logo in each ad; the brand kit has none yet."}
        </Text>
        <AddButton label="Blurred background" onAdd={addBlurredBackground} />
        <AddButton
          label="Copy of first image"
          onAdd={add(editor, (at) => createDynamicImageLayer('COPY', at))}
        />
        <Text size="xs" c="dimmed">
          Both show the item&apos;s first image again: blurred across the background, or as it is.
        </Text>
      </Stack>

      <Stack gap="xs" aria-label="Brand kit logos" role="region">
        <Title order={4} size="sm">
          Brand kit logos
        </Title>
        {error ? (
          <Text size="xs" c="red">
            The brand kit could not be loaded. Reload the page to try again.
          </Text>
        ) : logos.length === 0 ? (
          <Text size="xs" c="dimmed">
            No logos yet.{' '}
            {client && (
              <Anchor component={Link} to={clientUrl(client.id, 'brand-kit/')} size="xs">
                Add them in the brand kit
              </Anchor>
            )}
          </Text>
        ) : (
          <SimpleGrid cols={3} spacing="xs">
            {logos.map((logo) => (
              <LogoTile key={logo.id} logo={logo} onPlace={() => void importBrandLogo(logo)} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
