import { Loader, SegmentedControl, Tooltip } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { getCommand, runCommand } from '../commands/registry';
import type { BuilderEditor, CanvasView } from '../engine/BuilderEditor';
import type { ProductView } from '../engine/product-view';
import { useEditorState } from '../engine/useEditorState';

/** "Product" (the ad drawn with the preview item) or "Fields" (the template's fields), by the zoom controls. */
export function ProductViewSwitch({
  editor,
  productView,
}: {
  editor: BuilderEditor;
  productView: ProductView;
}) {
  const view = useEditorState(editor, (state) => state.canvasView);
  const status = useProductViewStatus(productView);
  const label = getCommand('toggle-product-view').label;
  return (
    <Tooltip
      label={
        status.available
          ? `${label} (Shift+P)`
          : 'Choose a catalogue in the PREVIEW tab to see the ad with its items'
      }
    >
      <SegmentedControl
        size="xs"
        aria-label="Canvas view"
        value={status.available ? view : 'fields'}
        onChange={(value) => runCommand(editor, 'set-canvas-view', { view: value as CanvasView })}
        data={[
          {
            value: 'product',
            disabled: !status.available,
            label: (
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                Product
                {status.state === 'pending' && <Loader size={10} aria-label="Drawing the ad" />}
              </span>
            ),
          },
          { value: 'fields', label: 'Fields' },
        ]}
      />
    </Tooltip>
  );
}

/** The product view's status (its message goes in the preview bar, as the live preview's errors do). */
export function useProductViewStatus(productView: ProductView) {
  return useSyncExternalStore(productView.subscribe, productView.getStatus);
}
