/**
 * The fabric.js canvas as a view of the editor's model (ARCHITECTURE.md, `engine/`). The model is the
 * source of truth: after every editor change the view makes fabric objects from the layers that changed
 * (keyed by uid), and the user's gestures on the canvas become model changes (object:modified is one
 * history step). Editor-only drawing (snapping guides, the safe-zone overlay) never enters the model, the
 * SVG or the exported thumbnail: guides go on fabric's top context, the safe zone on a canvas of its own
 * laid over fabric's.
 */
import { BUILDER } from '@adloom/template';
import type { FabricObject, TPointerEvent } from 'fabric';
import { ActiveSelection, Textbox, cache } from 'fabric';
import { safeZone } from '../geometry/safe-zones';
import {
  draggedEdgesBetween,
  snapMove,
  snapResize,
  snapResizeProportional,
  type Guide,
  type SnapTarget,
} from '../geometry/snapping';
import type { Rect as Bounds } from '../geometry/types';
import {
  LAYER_THUMBNAIL_QUALITY,
  LAYER_THUMBNAIL_TYPE,
  layerThumbnailSize,
  savedThumbnailSize,
} from '../geometry/images';
import { kindOf } from '../layers/index.js';
import type { LayerPatch, ModelLayer, TextLayer } from '../model/index.js';
import type { BuilderEditor } from './BuilderEditor';
import { SnapshotCanvas } from './snapshot-canvas';
import { faceSourceKey, fontFacesOf, onCustomFontUrlsChange, preloadFonts, type FontFaceKey } from './fonts';
import { patchFromTransform, placementOf } from './fabric-props';
import { TextFitSizes, browserFontSource } from './text-fit';
import { drawnTextBoxesOf } from './text-boxes';

/** The colour of the alignment guides (spec section 2: red). */
export const GUIDE_COLOR = '#ff0000';
const SAFE_ZONE_SHADE = 'rgba(255, 0, 0, 0.18)';
const SAFE_ZONE_EDGE = 'rgba(255, 0, 0, 0.7)';

/** What the view keeps on each fabric object it makes. */
interface LayerObjectInfo {
  uid: string;
  /** See placementOf: an image drawn from its own pixels into the layer's box. */
  scaleBase: { x: number; y: number };
}

const infoOf = new WeakMap<FabricObject, LayerObjectInfo>();

/**
 * A fabric object showing a layer (group members in the group's coordinates), made by its kind
 * (layers/<kind>) and placed here. `textSize`: the size a text is drawn at (its fontSize, or the
 * renderer's fitted size for a text with auto-fit).
 */
function createObject(
  layer: ModelLayer,
  onImageLoad: () => void,
  textSize: (text: TextLayer) => number = (text) => text.fontSize,
): FabricObject {
  const object = kindOf(layer).createFabricObject(layer, {
    textSize,
    createMember: (member) => createObject(member, onImageLoad, textSize),
    imageLoaded: (image, scaleBase) => {
      infoOf.set(image, { uid: layer.uid, scaleBase });
      onImageLoad();
    },
  });
  const scaleBase = { x: 1, y: 1 };
  object.set(placementOf(layer, scaleBase));
  object.setCoords();
  infoOf.set(object, { uid: layer.uid, scaleBase });
  return object;
}

/** `drawn` as it is when it has the size, else scaled into a new canvas of exactly that size. */
function exactSize(drawn: HTMLCanvasElement, size: { width: number; height: number }): HTMLCanvasElement {
  if (drawn.width === size.width && drawn.height === size.height) return drawn;
  const exact = document.createElement('canvas');
  exact.width = size.width;
  exact.height = size.height;
  exact.getContext('2d')?.drawImage(drawn, 0, 0, size.width, size.height);
  return exact;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** The fabric canvas showing one editor's model. */
export class FabricView {
  readonly canvas: SnapshotCanvas;
  private readonly overlay: HTMLCanvasElement;
  private readonly objects = new Map<string, FabricObject>();
  private readonly rendered = new Map<string, ModelLayer>();
  private guides: readonly Guide[] = [];
  /** Guides are on the top context (cleared once they go, not on every render). */
  private guidesShown = false;
  /** True while the view itself changes fabric (its selection events are not the user's). */
  private syncing = false;
  /** The object a transform started on and its bounds then (resize snapping reads the dragged edges). */
  private transformStart: { target: FabricObject; bounds: Bounds } | undefined;
  private readonly unsubscribe: () => void;
  /** Stops listening for brand-font files (a text in a brand font is loaded again once its file is known). */
  private readonly stopFontFiles: () => void;
  /** Font faces asked for; when they arrive, the texts are drawn again with them. */
  private readonly requestedFaces = new Set<string>();
  /** The editor's load count when fonts were last asked for: the first ask after a load is the preload. */
  private fontsPreloadedFor = -1;
  /** Sizes of texts with auto-fit, as the renderer picks them; texts are drawn again when one is known. */
  private readonly fitSizes = new TextFitSizes(browserFontSource, () => this.redrawTexts());
  private disposed = false;

  constructor(
    element: HTMLCanvasElement,
    private readonly editor: BuilderEditor,
  ) {
    this.canvas = new SnapshotCanvas(element, { preserveObjectStacking: true, selection: true });
    this.overlay = document.createElement('canvas');
    Object.assign(this.overlay.style, { position: 'absolute', left: '0', top: '0', pointerEvents: 'none' });
    this.overlay.dataset.testid = 'safe-zone-overlay';
    this.canvas.wrapperEl.appendChild(this.overlay);
    this.listen();
    this.unsubscribe = editor.subscribe(() => this.sync());
    this.stopFontFiles = onCustomFontUrlsChange(() => this.sync());
    this.sync();
    editor.setLayerThumbnailMaker((uid) => this.layerThumbnail(uid));
  }

  /** Stops following the editor and gives the element back. */
  dispose(): Promise<boolean> {
    this.disposed = true;
    this.editor.setLayerThumbnailMaker(null);
    this.fitSizes.dispose();
    this.unsubscribe();
    this.stopFontFiles();
    this.overlay.remove();
    return this.canvas.dispose();
  }

  /** The layer uid a fabric object shows. */
  uidOf(object: FabricObject): string | undefined {
    return infoOf.get(object)?.uid;
  }

  // -------------------------------------------------------------------------------------------------
  // Model → fabric

  /** Brings the canvas in line with the editor's state. */
  sync(): void {
    const { model, selection, zoom, safeZone: zone } = this.editor.getState();
    const canvas = this.canvas;
    this.syncing = true;
    try {
      if (this.editingTextbox()) return;
      canvas.backgroundColor = model.backgroundColor;
      if (
        canvas.getZoom() !== zoom ||
        canvas.width !== Math.round(model.width * zoom) ||
        canvas.height !== Math.round(model.height * zoom)
      ) {
        canvas.setZoom(zoom);
        canvas.setDimensions({
          width: Math.round(model.width * zoom),
          height: Math.round(model.height * zoom),
        });
      }
      const changed = model.layers.filter((layer) => this.rendered.get(layer.uid) !== layer);
      const present = new Set(model.layers.map((layer) => layer.uid));
      const removed = [...this.objects.keys()].filter((uid) => !present.has(uid));
      if (changed.length > 0 || removed.length > 0) canvas.discardActiveObject();
      for (const uid of removed) {
        canvas.remove(this.objects.get(uid)!);
        this.objects.delete(uid);
        this.rendered.delete(uid);
      }
      for (const layer of changed) {
        const old = this.objects.get(layer.uid);
        if (old) canvas.remove(old);
        const object = createObject(
          layer,
          () => canvas.requestRenderAll(),
          (text) => this.fitSizes.sizeOf(text) ?? text.fontSize,
        );
        canvas.add(object);
        this.objects.set(layer.uid, object);
        this.rendered.set(layer.uid, layer);
      }
      model.layers.forEach((layer, index) => {
        const object = this.objects.get(layer.uid)!;
        if (canvas.getObjects()[index] !== object) canvas.moveObjectTo(object, index);
      });
      this.syncSelection(selection);
      this.drawOverlay(zone);
      this.requestFonts();
    } finally {
      this.syncing = false;
    }
    drawnTextBoxesOf(this.editor).publish(this.rendered, this.objects);
    canvas.requestRenderAll();
  }

  /** Makes texts and groups (which may hold text) again at once. */
  private redrawTexts(): void {
    if (this.disposed) return;
    for (const [uid, layer] of this.rendered) {
      if (kindOf(layer).drawsText) this.rendered.delete(uid);
    }
    this.sync();
  }

  /**
   * Loads the fonts of new texts; the texts that use them are made again once they are in. The fonts of a
   * template just loaded are preloaded with the spec's 3000 ms time-out (section 5), later ones (a new
   * text, another family) with the default 10000 ms; a font that misses its time-out is logged, and its
   * texts are made again whenever it does come (a late font is better than the fallback).
   */
  private requestFonts(): void {
    const { model, loads } = this.editor.getState();
    const timeoutMs =
      loads !== this.fontsPreloadedFor ? BUILDER.fontPreloadTimeoutMs : BUILDER.defaultFontPreloadTimeoutMs;
    this.fontsPreloadedFor = loads;
    const faces = fontFacesOf(model).filter((face) => !this.requestedFaces.has(faceSourceKey(face)));
    if (faces.length === 0) return;
    for (const face of faces) this.requestedFaces.add(faceSourceKey(face));
    void preloadFonts(faces, timeoutMs).then((loaded) => {
      this.remakeTexts(loaded);
      const late = faces.filter((face) => !loaded.includes(face));
      if (late.length > 0)
        void preloadFonts(late, Number.POSITIVE_INFINITY).then((came) => this.remakeTexts(came));
    });
  }

  /** Makes the texts again once fonts came (fabric measured them with the fallback until then). */
  private remakeTexts(loaded: readonly FontFaceKey[]): void {
    if (this.disposed || loaded.length === 0) return;
    const families = new Set(loaded.map((face) => face.family));
    for (const family of families) cache.clearFontCache(family);
    // Text and groups (which may hold text) are made again at the next sync.
    for (const [uid, layer] of this.rendered) {
      if (kindOf(layer).drawsText) this.rendered.delete(uid);
    }
    this.sync();
  }

  private editingTextbox(): Textbox | undefined {
    const active = this.canvas.getActiveObject();
    return active instanceof Textbox && active.isEditing ? active : undefined;
  }

  private syncSelection(selection: readonly string[]): void {
    const canvas = this.canvas;
    const current = canvas.getActiveObjects().map((object) => this.uidOf(object) ?? '');
    if (sameList(current, selection)) return;
    const objects = selection.map((uid) => this.objects.get(uid)).filter((object) => object !== undefined);
    canvas.discardActiveObject();
    if (objects.length === 1) canvas.setActiveObject(objects[0]!);
    else if (objects.length > 1) canvas.setActiveObject(new ActiveSelection(objects, { canvas }));
  }

  private drawOverlay(zone: ReturnType<BuilderEditor['getState']>['safeZone']): void {
    const { model, zoom } = this.editor.getState();
    const overlay = this.overlay;
    overlay.width = Math.round(model.width * zoom);
    overlay.height = Math.round(model.height * zoom);
    overlay.style.width = `${overlay.width}px`;
    overlay.style.height = `${overlay.height}px`;
    overlay.dataset.zone = zone ?? '';
    const ctx = overlay.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, overlay.width, overlay.height);
    if (zone === null) return;
    const plan = safeZone(zone, { width: model.width, height: model.height });
    ctx.save();
    ctx.scale(zoom, zoom);
    ctx.fillStyle = SAFE_ZONE_SHADE;
    for (const band of plan.unsafe) ctx.fillRect(band.left, band.top, band.width, band.height);
    ctx.strokeStyle = SAFE_ZONE_EDGE;
    ctx.lineWidth = 2 / zoom;
    ctx.setLineDash([8 / zoom, 6 / zoom]);
    ctx.strokeRect(plan.safe.left, plan.safe.top, plan.safe.width, plan.safe.height);
    ctx.restore();
  }

  // -------------------------------------------------------------------------------------------------
  // fabric → model

  private listen(): void {
    const canvas = this.canvas;
    const selectionChanged = () => {
      if (this.syncing) return;
      this.editor.select(
        canvas
          .getActiveObjects()
          .map((object) => this.uidOf(object))
          .filter((uid) => uid !== undefined),
      );
    };
    canvas.on('selection:created', selectionChanged);
    canvas.on('selection:updated', selectionChanged);
    canvas.on('selection:cleared', selectionChanged);

    canvas.on('object:moving', ({ target }) => this.snap(target));
    canvas.on('before:transform', ({ transform }) => {
      this.transformStart = { target: transform.target, bounds: this.canvasBounds(transform.target) };
      const target = transform.target;
      canvas.freeze(target instanceof ActiveSelection ? target.getObjects() : [target]);
    });
    canvas.on('object:scaling', ({ target, e }) => this.snapResizing(target, e, 'scale'));
    // A text box's side handles change its width, not its scale.
    canvas.on('object:resizing', ({ target, e }) => this.snapResizing(target, e, 'width'));
    canvas.on('mouse:up', () => {
      this.transformStart = undefined;
      canvas.thaw();
      this.clearGuides();
    });
    canvas.on('after:render', () => {
      this.drawGuides();
      this.markRendered();
    });

    // After fabric has finished the gesture: re-syncing discards the active object, which inside the
    // event would end the same transform again and fire object:modified once more.
    canvas.on('object:modified', ({ target }) => queueMicrotask(() => this.commitTransform(target)));

    canvas.on('text:editing:entered', () => this.editor.setEditingText(true));
    // Also after fabric has finished: the text's object is replaced, and fabric still fires events on it.
    canvas.on('text:editing:exited', ({ target }) =>
      queueMicrotask(() => {
        const uid = this.uidOf(target);
        this.editor.setEditingText(false);
        if (uid !== undefined) this.editor.updateLayer(uid, { text: target.text });
        this.sync();
      }),
    );
  }

  /** Snaps a dragged object to the others and the canvas (spec: within 4 units) and keeps the guides. */
  private snap(target: FabricObject): void {
    // fabric moves the object before this event but leaves its corners as they were: bring them up to date.
    target.setCoords();
    const others = this.snapTargets(target);
    const { model } = this.editor.getState();
    const plan = snapMove(this.canvasBounds(target), others, { width: model.width, height: model.height });
    if (plan.dx !== 0 || plan.dy !== 0) {
      target.set({ left: target.left + plan.dx, top: target.top + plan.dy });
      target.setCoords();
    }
    this.guides = plan.guides;
  }

  /**
   * Snaps the edges a resize handle drags (spec: within 4 units, the same red guides as a drag); the
   * handle's anchor stays put. A corner that keeps the proportions (fabric's default; shift frees it) keeps
   * them while snapping. A turned object is not snapped: its box's edges are not the ones the handle drags.
   */
  private snapResizing(target: FabricObject, e: TPointerEvent, change: 'scale' | 'width'): void {
    this.guides = [];
    const start = this.transformStart;
    if (start?.target !== target || target.angle % 360 !== 0) return;
    target.setCoords();
    const now = this.canvasBounds(target);
    if (now.width <= 0 || now.height <= 0) return;
    const dragged = draggedEdgesBetween(start.bounds, now);
    // A text box wrapping to a new width grows or shrinks at the bottom: not a dragged edge.
    const edges = change === 'width' ? { ...dragged, y: undefined } : dragged;
    const { model } = this.editor.getState();
    const others = this.snapTargets(target);
    const size = { width: model.width, height: model.height };
    const key = this.canvas.uniScaleKey;
    const proportional = this.canvas.uniformScaling !== (key ? Boolean(e[key]) : false);
    const plan =
      edges.x !== undefined && edges.y !== undefined && proportional && change === 'scale'
        ? snapResizeProportional(now, { x: edges.x, y: edges.y }, others, size)
        : snapResize(now, edges, others, size);
    this.guides = plan.guides;
    if (plan.dx === 0 && plan.dy === 0) return;
    if (change === 'scale') {
      target.set({
        scaleX: target.scaleX * (plan.bounds.width / now.width),
        scaleY: target.scaleY * (plan.bounds.height / now.height),
      });
    } else {
      target.set({ width: target.width + (plan.bounds.width - now.width) / Math.abs(target.scaleX) });
    }
    target.setCoords();
    const placed = this.canvasBounds(target);
    target.set({
      left: target.left + plan.bounds.left - placed.left,
      top: target.top + plan.bounds.top - placed.top,
    });
    target.setCoords();
  }

  /** The bounds of the visible objects a transformed object can snap to (not itself or its members). */
  private snapTargets(target: FabricObject): SnapTarget[] {
    const moving = new Set(target instanceof ActiveSelection ? target.getObjects() : [target]);
    return this.canvas
      .getObjects()
      .filter((object) => !moving.has(object) && object.visible)
      .map((object) => this.canvasBounds(object));
  }

  /**
   * The canvas element's `data-rendered-layers`: how many layers the last render drew, set when it
   * changes. The one sign outside the engine that a loaded template is on screen (bench:builder waits for it).
   */
  private markRendered(): void {
    const count = String(this.canvas.getObjects().length);
    const element = this.canvas.lowerCanvasEl;
    if (element.dataset.renderedLayers !== count) element.dataset.renderedLayers = count;
  }

  /** An object's axis-aligned bounds in canvas units (not screen pixels). */
  private canvasBounds(object: FabricObject) {
    const { left, top, width, height } = object.getBoundingRect();
    return { left, top, width, height };
  }

  private clearGuides(): void {
    this.guides = [];
    if (!this.guidesShown) return;
    this.guidesShown = false;
    this.canvas.clearContext(this.canvas.contextTop);
    this.canvas.requestRenderAll();
  }

  private drawGuides(): void {
    if (this.guides.length === 0 && !this.guidesShown) return;
    const ctx = this.canvas.contextTop;
    const zoom = this.canvas.getZoom();
    this.canvas.clearContext(ctx);
    this.guidesShown = this.guides.length > 0;
    if (!this.guidesShown) return;
    ctx.save();
    ctx.setTransform(zoom, 0, 0, zoom, 0, 0);
    ctx.strokeStyle = GUIDE_COLOR;
    ctx.lineWidth = 1 / zoom;
    ctx.beginPath();
    for (const guide of this.guides) {
      if (guide.kind === 'vertical') {
        ctx.moveTo(guide.x, guide.y1);
        ctx.lineTo(guide.x, guide.y2);
      } else {
        ctx.moveTo(guide.x1, guide.y);
        ctx.lineTo(guide.x2, guide.y);
      }
    }
    ctx.stroke();
    ctx.restore();
  }

  /** The end of a drag, resize or turn: one patch per layer, one history step, then the view re-syncs. */
  private commitTransform(target: FabricObject): void {
    this.clearGuides();
    const objects = target instanceof ActiveSelection ? target.getObjects() : [target];
    // Leaving the selection puts its members back in canvas coordinates.
    if (target instanceof ActiveSelection) {
      this.syncing = true;
      this.canvas.discardActiveObject();
      this.syncing = false;
    }
    const patches = new Map<string, LayerPatch>();
    for (const object of objects) {
      const info = infoOf.get(object);
      const layer = info && this.rendered.get(info.uid);
      if (!info || !layer) continue;
      patches.set(info.uid, patchFromTransform(layer, object, info.scaleBase));
    }
    this.editor.mark();
    this.editor.updateLayers(patches, true);
    this.editor.commit();
    this.sync();
  }

  // -------------------------------------------------------------------------------------------------
  // Export

  /** The saved thumbnail (spec section 9): a JPEG of the canvas, at most 1080 on its long side. */
  async thumbnail(): Promise<Blob> {
    const { model } = this.editor.getState();
    const size = savedThumbnailSize({ width: model.width, height: model.height });
    const active = this.canvas.getActiveObject();
    this.syncing = true;
    this.canvas.discardActiveObject();
    // Drawn from the canvas at its zoom, whose pixel size is rounded: at a fitted zoom that can miss the
    // thumbnail's size by a pixel, so the drawing is laid into a canvas of exactly that size.
    const element = exactSize(this.canvas.toCanvasElement(size.scale / this.canvas.getZoom()), size);
    if (active) this.canvas.setActiveObject(active);
    this.syncing = false;
    this.canvas.requestRenderAll();
    return new Promise((resolve, reject) =>
      element.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('Canvas is empty'))),
        'image/jpeg',
        0.9,
      ),
    );
  }

  /**
   * A top-level layer as drawn now, for the layers panel (spec section 9: jpeg at quality 0.5, its long
   * side 96), on white (jpeg has no transparency); null when the layer has no object of its own.
   */
  layerThumbnail(uid: string): string | null {
    const object = this.objects.get(uid);
    if (!object) return null;
    const { width, height } = object.getBoundingRect();
    const size = layerThumbnailSize({ width, height });
    const drawn = object.toCanvasElement({ multiplier: size.scale, enableRetinaScaling: false });
    const element = document.createElement('canvas');
    element.width = drawn.width;
    element.height = drawn.height;
    const context = element.getContext('2d');
    if (!context) return null;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, element.width, element.height);
    context.drawImage(drawn, 0, 0);
    return element.toDataURL(LAYER_THUMBNAIL_TYPE, LAYER_THUMBNAIL_QUALITY);
  }
}
