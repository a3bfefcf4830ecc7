import { Loader, SegmentedControl, Tooltip } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { getCommand, runCommand } from '../commands/registry';
import type { BuilderEditor, CanvasView } from '../engine/BuilderEditor';
import type { ProductView } from '../engine/product-view';
import { useEditorState } from '../engine/useEditorState';

/**
 * "Product" (the ad drawn with the preview item) or "Fields" (the template's fields), by the zoom controls.
 * The choice holds without an item too: the product view shows once one is chosen.
 */
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
          : 'The product view shows the ad once a catalogue item is chosen in the PREVIEW tab'
      }
    >
      <SegmentedControl
        size="xs"
        aria-label="Canvas view"
        value={view}
        onChange={(value) => runCommand(editor, 'set-canvas-view', { view: value as CanvasView })}
        data={[
          {
            value: 'product',
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
