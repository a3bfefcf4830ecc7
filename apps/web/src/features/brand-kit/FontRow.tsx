import { Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { BrandFont } from './brandKit';
import { fontFaceLabel, formatBytes } from './brandKitFormat';
import { ItemMenu } from './ItemMenu';
import { useBrandKitLoading } from './useBrandKitLoading';

const SAMPLE = 'The quick brown fox jumps over the lazy dog 0123456789';

/**
 * One font: its name, its weight and style (read from the file by the server) and its file, and a sample
 * drawn in the font itself, loaded from the file the renderers load (under a family name of its own, so
 * it never shadows another font of the page).
 */
export function FontRow({
  font,
  onRename,
  onDelete,
}: {
  font: BrandFont;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { finished } = useBrandKitLoading();
  const family = `brand-kit-${font.id}`;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let cancelled = false;
    const face = new FontFace(family, `url("${font.fontUrl}")`);
    face
      .load()
      .then((loaded) => {
        document.fonts.add(loaded);
        if (!cancelled) setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      })
      .finally(() => finished('FONT', font.id));
    return () => {
      cancelled = true;
    };
  }, [family, font.fontUrl, font.id, finished]);
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={font.name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600}>{font.name}</Text>
          <Text size="xs" c="dimmed">
            {fontFaceLabel(font)} · {font.content.filename} · {formatBytes(font.content.size)}
          </Text>
          <Text
            size="xl"
            style={{ fontFamily: state === 'ready' ? `"${family}", sans-serif` : undefined }}
            aria-label={`Sample of ${font.name}`}
            data-font-state={state}
            lineClamp={1}
          >
            {state === 'failed' ? 'This browser could not load the font.' : SAMPLE}
          </Text>
        </Stack>
        <ItemMenu
          name={font.name}
          downloadUrl={font.content.downloadUrl}
          onRename={onRename}
          onDelete={onDelete}
        />
      </Group>
    </Paper>
  );
}
