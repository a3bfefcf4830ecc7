import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { BuilderEditor } from '../engine/BuilderEditor';
import { FabricView } from '../engine/fabric-view';
import type { ProductView } from '../engine/product-view';
import { ImportPlaceholders } from './images/ImportPlaceholders';
import { useCanvasPictureDrop } from './images/useCanvasPictureDrop';
import { useFontChoices } from './text/useFontChoices';

/**
 * Mounts the fabric view of the editor; `onView` gets it (for the thumbnail) and null on unmount. The
 * product view, when given, draws the ad on it.
 */
export function BuilderCanvas({
  editor,
  onView,
  productView,
}: {
  editor: BuilderEditor;
  onView: (view: FabricView | null) => void;
  productView?: ProductView;
}) {
  const container = useRef<HTMLDivElement>(null);
  // The brand kit's font files, so that texts in brand fonts are drawn in them from the start.
  useFontChoices();
  useEffect(() => {
    const host = container.current;
    if (!host) return;
    // A canvas element of its own per mount: fabric cannot take over an element twice.
    const element = document.createElement('canvas');
    element.setAttribute('aria-label', 'Template canvas');
    host.appendChild(element);
    const view = new FabricView(element, editor);
    onView(view);
    productView?.attach(view);
    return () => {
      productView?.attach(null);
      onView(null);
      void view.dispose().then(() => element.remove());
    };
  }, [editor, onView, productView]);
  // Picture files dropped on the canvas area are placed where they are dropped (panels/images).
  const drop = useCanvasPictureDrop(editor, container);
  return (
    <Box
      style={{
        overflow: 'auto',
        flex: 1,
        minWidth: 0,
        minHeight: 480,
        maxHeight: 'calc(100vh - 220px)',
        outline: drop.dragging ? '2px dashed var(--mantine-color-blue-6)' : undefined,
        outlineOffset: -2,
      }}
      bg="var(--mantine-color-gray-1)"
      p="md"
      {...drop.handlers}
    >
      <Box pos="relative" style={{ width: 'fit-content' }}>
        <Box
          ref={container}
          data-testid="builder-canvas"
          style={{ boxShadow: '0 0 0 1px #ccc', width: 'fit-content' }}
        />
        <ImportPlaceholders editor={editor} />
      </Box>
    </Box>
  );
}
