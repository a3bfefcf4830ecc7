import { useMemo, useState, type DragEvent, type RefObject } from 'react';
import type { BuilderEditor } from '../../engine/BuilderEditor';
import { usePictureImport } from './usePictureImport';

/** True when a drag carries files (not text or an element of the page). */
export function dragHasFiles(event: Pick<DragEvent, 'dataTransfer'>): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * Dropping picture files on the canvas area places them where they are dropped (centred on the drop point
 * when it is over the canvas, else on the canvas's centre). `canvas` is the element the canvas is drawn in.
 * Returns the handlers for the area and whether files are being dragged over it.
 */
export function useCanvasPictureDrop(editor: BuilderEditor, canvas: RefObject<HTMLElement | null>) {
  const { importFiles } = usePictureImport(editor);
  const [dragging, setDragging] = useState(false);
  const handlers = useMemo(
    () => ({
      onDragOver: (event: DragEvent<HTMLElement>) => {
        if (!dragHasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      },
      onDragLeave: (event: DragEvent<HTMLElement>) => {
        // Leaving for a child of the area is not leaving the area.
        if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
        setDragging(false);
      },
      onDrop: (event: DragEvent<HTMLElement>) => {
        if (!dragHasFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        const files = Array.from(event.dataTransfer.files);
        const rect = canvas.current?.getBoundingClientRect();
        const { zoom, model } = editor.getState();
        const x = rect ? (event.clientX - rect.left) / zoom : -1;
        const y = rect ? (event.clientY - rect.top) / zoom : -1;
        const over = x >= 0 && y >= 0 && x <= model.width && y <= model.height;
        void importFiles(files, over ? { x, y } : undefined);
      },
    }),
    [editor, canvas, importFiles],
  );
  return { dragging, handlers };
}
