import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { BuilderEditor } from '../engine/BuilderEditor';
import { FabricView } from '../engine/fabric-view';
import type { ProductView } from '../engine/product-view';
import { attachVanishMarks } from '../engine/vanish-marks';
import { ImportPlaceholders } from './images/ImportPlaceholders';
import { useCanvasPictureDrop } from './images/useCanvasPictureDrop';
import { useCanvasViewport } from './useCanvasViewport';
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
    // Layers that vanish for the preview item are outlined on the canvas (engine/vanish-marks).
    const stopMarks = attachVanishMarks(view, editor);
    return () => {
      stopMarks();
      productView?.attach(null);
      onView(null);
      void view.dispose().then(() => element.remove());
    };
  }, [editor, onView, productView]);
  // Picture files dropped on the canvas area are placed where they are dropped (panels/images).
  const drop = useCanvasPictureDrop(editor, container);
  // Fit, the visible centre, ctrl/cmd+wheel and pinch zoom around the pointer (useCanvasViewport.ts).
  const scroller = useRef<HTMLDivElement>(null);
  const viewportHeight = useCanvasViewport(editor, scroller, container);
  return (
    <Box
      ref={scroller}
      data-testid="canvas-viewport"
      style={{
        overflow: 'auto',
        flex: 1,
        minWidth: 0,
        // The canvas is centred while it is smaller than the viewport (margin auto, which scrolls right).
        display: 'flex',
        height: viewportHeight,
        outline: drop.dragging ? '2px dashed var(--mantine-color-blue-6)' : undefined,
        outlineOffset: -2,
      }}
      bg="var(--mantine-color-gray-1)"
      p="md"
      {...drop.handlers}
    >
      <Box pos="relative" style={{ width: 'fit-content', margin: 'auto' }}>
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
