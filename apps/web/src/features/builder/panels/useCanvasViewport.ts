/**
 * The canvas's scrolling viewport (issue 16): it fills the window's height down to the preview bar, tells
 * the editor's workspace its size and centre (for fit and for where new layers land), keeps a fitted
 * canvas fitted when it changes size (a window resize, a panel hidden), and zooms around the pointer on
 * ctrl/cmd+wheel and on a trackpad pinch (which browsers send as a wheel event with ctrlKey), instead of
 * the browser zooming the page. A wheel without ctrl/cmd scrolls the canvas as usual.
 */
import { useEffect, useState, type RefObject } from 'react';
import type { BuilderEditor } from '../engine/BuilderEditor';
import { anchoredScroll, visibleCentre, wheelZoom } from '../geometry/viewport';
import { FIT_ZOOM_MIN } from '../geometry/zoom';

/** Room kept under the viewport for the collapsed preview bar, in pixels. */
const BELOW = 72;
/** The viewport is never shorter than this, however small the window. */
export const MIN_VIEWPORT_HEIGHT = 320;

function pointOf(rect: DOMRect) {
  return { x: rect.left, y: rect.top };
}

/**
 * Wires `scroller` (the scrolling box) and `canvasHost` (the element the canvas is drawn in, its top left
 * the canvas's) to the editor; returns the viewport's height in pixels.
 */
export function useCanvasViewport(
  editor: BuilderEditor,
  scroller: RefObject<HTMLElement | null>,
  canvasHost: RefObject<HTMLElement | null>,
): number {
  const [height, setHeight] = useState(480);

  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const measureHeight = () => {
      const top = box.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_VIEWPORT_HEIGHT, Math.floor(window.innerHeight - top - BELOW)));
    };
    measureHeight();
    const { workspace } = editor;
    workspace.setViewport({
      size: () => ({ width: box.clientWidth, height: box.clientHeight }),
      centre: () => {
        const host = canvasHost.current;
        const { width, height: canvasHeight } = editor.model;
        if (!host) return { x: width / 2, y: canvasHeight / 2 };
        return visibleCentre(box.getBoundingClientRect(), host.getBoundingClientRect(), editor.zoom, {
          width,
          height: canvasHeight,
        });
      },
    });
    const observer = new ResizeObserver(() => workspace.viewportResized());
    observer.observe(box);
    window.addEventListener('resize', measureHeight);

    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      // The page must not zoom; the canvas does.
      event.preventDefault();
      const host = canvasHost.current;
      const before = editor.zoom;
      const after = wheelZoom(before, event);
      if (!host || after === before) return;
      const canvasBefore = pointOf(host.getBoundingClientRect());
      editor.setZoom(after, FIT_ZOOM_MIN);
      // The canvas was drawn at the new size as the zoom changed: read where it is now.
      const scroll = anchoredScroll({
        scroll: { x: box.scrollLeft, y: box.scrollTop },
        pointer: { x: event.clientX, y: event.clientY },
        canvasBefore,
        canvasAfter: pointOf(host.getBoundingClientRect()),
        zoomBefore: before,
        zoomAfter: editor.zoom,
      });
      box.scrollLeft = scroll.x;
      box.scrollTop = scroll.y;
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      box.removeEventListener('wheel', onWheel);
      window.removeEventListener('resize', measureHeight);
      observer.disconnect();
      workspace.setViewport(null);
    };
  }, [editor, scroller, canvasHost]);

  return height;
}
