import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { BuilderEditor } from '../engine/BuilderEditor';
import { FabricView } from '../engine/fabric-view';

/** Mounts the fabric view of the editor; `onView` gets it (for the thumbnail) and null on unmount. */
export function BuilderCanvas({
  editor,
  onView,
}: {
  editor: BuilderEditor;
  onView: (view: FabricView | null) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = container.current;
    if (!host) return;
    // A canvas element of its own per mount: fabric cannot take over an element twice.
    const element = document.createElement('canvas');
    element.setAttribute('aria-label', 'Template canvas');
    host.appendChild(element);
    const view = new FabricView(element, editor);
    onView(view);
    return () => {
      onView(null);
      void view.dispose().then(() => element.remove());
    };
  }, [editor, onView]);
  return (
    <Box
      style={{ overflow: 'auto', flex: 1, minWidth: 0, minHeight: 480, maxHeight: 'calc(100vh - 220px)' }}
      bg="var(--mantine-color-gray-1)"
      p="md"
    >
      <Box
        ref={container}
        data-testid="builder-canvas"
        style={{ boxShadow: '0 0 0 1px #ccc', width: 'fit-content' }}
      />
    </Box>
  );
}
