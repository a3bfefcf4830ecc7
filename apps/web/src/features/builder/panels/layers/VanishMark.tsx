import { vanishLabel } from '@adloom/renderer';
import { ThemeIcon, Tooltip } from '@mantine/core';
import { IconEyeExclamation } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import type { BuilderEditor } from '../../engine/BuilderEditor';
import { VANISH_MARK_COLOR, vanishingLayersOf } from '../../engine/vanish-marks';

/**
 * A layer row's mark when the layer vanishes for the chosen preview item: an icon whose tooltip (and
 * accessible name) says why ('Hidden for this item: not on sale'). Nothing when it shows.
 */
export function VanishMark({ editor, layerId }: { editor: BuilderEditor; layerId: string }) {
  const store = vanishingLayersOf(editor);
  const vanishing = useSyncExternalStore(store.subscribe, store.get, store.get);
  const layer = vanishing.get(layerId);
  if (!layer) return null;
  const label = vanishLabel(layer);
  return (
    <Tooltip label={label} withArrow multiline maw={260}>
      <ThemeIcon
        size="sm"
        variant="light"
        color={VANISH_MARK_COLOR}
        role="img"
        aria-label={label}
        data-testid="vanish-mark"
        data-reason={layer.reason}
        style={{ flexShrink: 0 }}
      >
        <IconEyeExclamation size={14} />
      </ThemeIcon>
    </Tooltip>
  );
}
