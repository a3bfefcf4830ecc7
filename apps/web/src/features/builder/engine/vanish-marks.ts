/**
 * Layers that vanish for the chosen preview item (issue 16, item 2), as the canvas shows them: a dashed
 * outline around each such layer and a small label ('Hidden: not on sale', 'Empty: no rating') drawn over
 * the canvas after fabric renders it. Which layers vanish is the renderer's layerPresence (computed in
 * preview/useVanishingLayers.ts); this file only keeps the list and draws it. No React here.
 */
import type { VanishingLayer } from '@adloom/renderer';
import type { FabricObject, Group } from 'fabric';
import { allLayers } from '../model/index.js';
import type { BuilderEditor } from './BuilderEditor';
import type { FabricView } from './fabric-view';
import { perEditor } from './per-editor';

/** The colour of the marks: the same orange as a warning. */
export const VANISH_MARK_COLOR = '#e8590c';

/** The vanishing layers of the chosen item by SVG id, with listeners (the layers panel, the canvas). */
export class VanishingLayers {
  private byId: ReadonlyMap<string, VanishingLayer> = new Map();
  private readonly listeners = new Set<() => void>();

  /** The current list by layer id (a new map whenever it changes). */
  get = (): ReadonlyMap<string, VanishingLayer> => this.byId;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Replaces the list; listeners hear of it only when something changed. */
  set(layers: readonly VanishingLayer[]): void {
    const next = new Map(layers.map((layer) => [layer.layerId, layer]));
    const same =
      next.size === this.byId.size &&
      [...next].every(([id, layer]) => {
        const old = this.byId.get(id);
        return old?.reason === layer.reason && old.detail === layer.detail;
      });
    if (same) return;
    this.byId = next;
    for (const listener of this.listeners) listener();
  }
}

/**
 * The vanishing layers of an editor's preview item: filled by the builder screen (useVanishingLayers),
 * read by the layers panel and the canvas; empty where nothing fills it.
 */
export const vanishingLayersOf = perEditor(() => new VanishingLayers());

/** The short label drawn on the canvas: 'Hidden: not on sale', 'Empty: no rating'. */
export function vanishMarkLabel(layer: Pick<VanishingLayer, 'reason' | 'detail'>): string {
  return `${layer.reason === 'conditional-hidden' ? 'Hidden' : 'Empty'}: ${layer.detail}`;
}

/** The fabric object showing each layer uid, group members included. */
function objectsByUid(view: FabricView): Map<string, FabricObject> {
  const found = new Map<string, FabricObject>();
  const visit = (objects: readonly FabricObject[]) => {
    for (const object of objects) {
      const uid = view.uidOf(object);
      if (uid !== undefined) found.set(uid, object);
      if ('getObjects' in object && typeof object.getObjects === 'function')
        visit((object as Group).getObjects());
    }
  };
  visit(view.canvas.getObjects());
  return found;
}

/** Where each vanishing layer is on the canvas (canvas units), with its label. */
export function vanishMarks(
  editor: BuilderEditor,
  view: FabricView,
  vanishing: ReadonlyMap<string, VanishingLayer>,
): { left: number; top: number; width: number; height: number; label: string }[] {
  if (vanishing.size === 0) return [];
  const objects = objectsByUid(view);
  return allLayers(editor.getState().model.layers).flatMap((layer) => {
    const gone = vanishing.get(layer.id);
    const object = gone && !layer.hidden ? objects.get(layer.uid) : undefined;
    if (!gone || !object) return [];
    const { left, top, width, height } = object.getBoundingRect();
    return [{ left, top, width, height, label: vanishMarkLabel(gone) }];
  });
}

/**
 * Draws the marks after each render of the view's canvas (on its own context only, never on an export's)
 * and asks for a render when the list changes. Returns the function that stops it.
 */
export function attachVanishMarks(view: FabricView, editor: BuilderEditor): () => void {
  const { canvas } = view;
  const store = vanishingLayersOf(editor);
  const draw = ({ ctx }: { ctx: CanvasRenderingContext2D }) => {
    if (ctx !== canvas.getContext()) return;
    const marks = vanishMarks(editor, view, store.get());
    // The sign for tools outside the engine (the browser tests) of how many layers are marked.
    const element = canvas.getElement();
    if (element.dataset.vanishMarks !== String(marks.length))
      element.dataset.vanishMarks = String(marks.length);
    if (marks.length === 0) return;
    const zoom = canvas.getZoom();
    const vpt = canvas.viewportTransform;
    // The canvas's right edge in canvas units.
    const right = (canvas.getWidth() - vpt[4]) / zoom;
    ctx.save();
    ctx.setTransform(vpt[0], vpt[1], vpt[2], vpt[3], vpt[4], vpt[5]);
    ctx.lineWidth = 2 / zoom;
    ctx.setLineDash([6 / zoom, 4 / zoom]);
    ctx.strokeStyle = VANISH_MARK_COLOR;
    ctx.font = `${12 / zoom}px sans-serif`;
    ctx.textBaseline = 'top';
    for (const mark of marks) {
      ctx.strokeRect(mark.left, mark.top, mark.width, mark.height);
      const padding = 3 / zoom;
      const width = ctx.measureText(mark.label).width + 2 * padding;
      const height = 12 / zoom + 2 * padding;
      // Above the layer when there is room, else inside its top edge; moved left rather than cut off.
      const y = mark.top - height >= 0 ? mark.top - height : mark.top;
      const x = Math.max(0, Math.min(mark.left, right - width));
      ctx.fillStyle = VANISH_MARK_COLOR;
      ctx.fillRect(x, y, width, height);
      ctx.fillStyle = '#ffffff';
      ctx.fillText(mark.label, x + padding, y + padding);
    }
    ctx.restore();
  };
  canvas.on('after:render', draw);
  const stop = store.subscribe(() => canvas.requestRenderAll());
  canvas.requestRenderAll();
  return () => {
    stop();
    canvas.off('after:render', draw);
  };
}
