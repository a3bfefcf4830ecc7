import { Alert, Button, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { runCommand } from '../../commands/registry';
import type { BuilderEditor } from '../../engine/BuilderEditor';
import { shallowEqual, useEditorState } from '../../engine/useEditorState';
import {
  canShrink,
  fitToCanvasPatch,
  overflowMessage,
  shrinkToFitPatch,
} from '../../layers/text/overflow.js';
import type { LayerPatch, ModelLayer, TextLayer } from '../../model/index.js';
import { selectCanvasSize, useTextOverflows } from './useTextOverflows';

/**
 * Says when the selected text goes past the canvas's edge or overflows its box at the minimum size
 * (issue 16, item 3), with the fix: "Fit to canvas" (moved inside, narrowed and shrunk to the room left
 * when it must be) or "Shrink to fit" (a lower minimum size). Shown in the text's properties.
 */
export function TextOverflowWarning({ editor, layer }: { editor: BuilderEditor; layer: TextLayer }) {
  const found = useTextOverflows(editor, layer);
  const canvas = useEditorState(editor, selectCanvasSize, shallowEqual);
  if (!found) return null;
  const update = (patch: LayerPatch) => runCommand(editor, 'update-layer', { uid: layer.uid, patch });
  return (
    <Stack gap={6}>
      {found.overflows.map((overflow) => (
        <Alert
          key={overflow.kind}
          color="yellow"
          variant="light"
          p="xs"
          icon={<IconAlertTriangle size={16} />}
          data-testid="text-overflow"
          data-overflow={overflow.kind}
        >
          <Stack gap={6} align="flex-start">
            <Text size="xs">{overflowMessage(overflow)}</Text>
            {overflow.kind === 'canvas' ? (
              <Button size="compact-xs" onClick={() => update(fitToCanvasPatch(layer, found.drawn, canvas))}>
                Fit to canvas
              </Button>
            ) : (
              canShrink(overflow) && (
                <Button size="compact-xs" onClick={() => update(shrinkToFitPatch(layer, overflow))}>
                  Shrink to fit
                </Button>
              )
            )}
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}

/** The warning mark of a text that leaves its room, for its row in the layers panel (nothing otherwise). */
export function TextOverflowMark({ editor, layer }: { editor: BuilderEditor; layer: ModelLayer }) {
  const found = useTextOverflows(editor, layer);
  if (!found) return null;
  const message = found.overflows.map(overflowMessage).join(' ');
  return (
    <Tooltip label={message} multiline w={240} openDelay={300}>
      <ThemeIcon
        size="sm"
        variant="transparent"
        color="yellow"
        aria-label={message}
        role="img"
        data-testid="text-overflow-mark"
      >
        <IconAlertTriangle size={14} />
      </ThemeIcon>
    </Tooltip>
  );
}
