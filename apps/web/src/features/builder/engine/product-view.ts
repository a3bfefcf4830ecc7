/**
 * The product view (ARCHITECTURE.md, "Product view"): the canvas shows the ad as the renderer draws it for
 * the chosen preview item, and the fabric objects stay on it unpainted, so layers are still picked, dragged
 * and snapped. The renderer draws; this only asks for bitmaps and lays them under the objects:
 *
 * - the whole ad for the template as it is (asked again once edits pause for PRODUCT_RENDER_DEBOUNCE_MS;
 *   the last one stays up meanwhile, so the canvas never goes grey);
 * - when the selection changes, the ad without the selected layers and only them, from one render, so a
 *   drag shows the ad under the selection and the selection's pixels moving with the gesture.
 *
 * No React here, and nothing per frame but drawing two bitmaps: the painter (SnapshotCanvas.painter) reads
 * the state productFrame() decides from.
 */
import type { FabricObject, TMat2D } from 'fabric';
import { util } from 'fabric';
import { allLayers, type BuilderModel } from '../model/index.js';
import type { BuilderEditor } from './BuilderEditor';
import type { FabricView } from './fabric-view';
import {
  productFrame,
  type FullDrawing,
  type ProductBitmap,
  type ProductFrame,
  type SplitDrawing,
} from './product-frame';
import type { CanvasPainter } from './snapshot-canvas';

/** How long the template must stay unchanged before the product view draws it again. */
export const PRODUCT_RENDER_DEBOUNCE_MS = 150;

/** Where the product view's bitmaps come from: the renderer with one preview item. */
export interface ProductSource {
  /** Which item: bitmaps drawn with another key are not shown. */
  readonly key: string;
  /**
   * The whole ad for a template SVG, and why a part of it shows a field (a slot whose picture could not be
   * downloaded shows its placeholder), or null.
   */
  full(svg: string): Promise<{ bitmap: ProductBitmap; problem: string | null }>;
  /** The ad without the layers with these SVG ids and only them, from one resolve of the whole template. */
  split(svg: string, layerIds: readonly string[]): Promise<{ without: ProductBitmap; only: ProductBitmap }>;
}

/** What the product view shows, for the toolbar switch and the preview bar. */
export interface ProductViewStatus {
  /** 'drawn': the ad is on the canvas; 'pending': it is being drawn (the fields show until the first one). */
  readonly state: 'off' | 'pending' | 'drawn' | 'failed';
  /** Why the ad could not be drawn (the fields are shown). */
  readonly message: string | null;
  /** An item is chosen: the product view can be shown. */
  readonly available: boolean;
}

const OFF: ProductViewStatus = { state: 'off', message: null, available: false };

function messageOf(error: unknown): string {
  const reason = error instanceof Error && error.message ? error.message : 'the renderer stopped';
  return `The canvas shows the fields: the ad could not be drawn with this item (${reason}).`;
}

function partMessageOf(reason: string): string {
  return `A slot shows its field: an image of the item could not be loaded (${reason}).`;
}

function isEditingText(object: FabricObject): boolean {
  return 'isEditing' in object && object.isEditing === true;
}

/** The top-level layers holding the selected layers (a group member moves its group), as uid → SVG id. */
function selectedTopLayers(model: BuilderModel, selection: readonly string[]): Map<string, string> {
  const picked = new Map<string, string>();
  for (const layer of model.layers) {
    const inside = new Set(allLayers([layer]).map((member) => member.uid));
    if (selection.some((uid) => inside.has(uid))) picked.set(layer.uid, layer.id);
  }
  return picked;
}

export class ProductView implements CanvasPainter {
  private view: FabricView | null = null;
  private source: ProductSource | null = null;
  private model: BuilderModel | null = null;
  private svg: string | null = null;
  /** The SVG the next whole render draws (set once edits pause). */
  private wantedSvg: string | null = null;
  private selection = new Map<string, string>();
  private full: FullDrawing | null = null;
  private split: SplitDrawing | null = null;
  /** `key\nsvg` of a whole render that failed, and of a split (with its layers) that did. */
  private failedFull: string | null = null;
  private failedSplit: string | null = null;
  private message: string | null = null;
  /** Why a part of the drawn ad shows a field (the ad is drawn). */
  private partMessage: string | null = null;
  private running = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private loads = -1;
  private drawnFor = -1;
  private draws = 0;
  private lastDrawn: FullDrawing | null = null;
  private status: ProductViewStatus = OFF;
  private readonly listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly editor: BuilderEditor,
    private readonly debounceMs = PRODUCT_RENDER_DEBOUNCE_MS,
  ) {}

  /** Draws on this canvas view and follows the editor while one is attached (null: none). */
  attach(view: FabricView | null): void {
    if (this.view) this.view.canvas.painter = undefined;
    this.view = view;
    if (view) {
      view.canvas.painter = this;
      this.unsubscribe ??= this.editor.subscribe(() => this.follow());
      this.follow();
    } else {
      clearTimeout(this.timer);
      this.unsubscribe?.();
      this.unsubscribe = null;
    }
  }

  /** The item to draw with (null: none, the fields are shown). */
  setSource(source: ProductSource | null): void {
    const sameItem = source?.key === this.source?.key;
    if (source === this.source || (sameItem && source !== null)) {
      this.source = source;
      return;
    }
    this.source = source;
    this.failedFull = null;
    this.failedSplit = null;
    this.message = null;
    this.partMessage = null;
    this.wantedSvg = this.svg;
    this.pump();
    this.update();
  }

  // -------------------------------------------------------------------------------------------------
  // Status (useSyncExternalStore)

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getStatus = (): ProductViewStatus => this.status;

  private get active(): boolean {
    return this.source !== null && this.editor.getState().canvasView === 'product';
  }

  private update(): void {
    const state: ProductViewStatus['state'] = !this.active
      ? 'off'
      : this.message !== null
        ? 'failed'
        : this.full?.key === this.source?.key
          ? 'drawn'
          : 'pending';
    const drawnMessage = this.full?.key === this.source?.key ? this.partMessage : null;
    const message = this.active ? (this.message ?? drawnMessage) : null;
    const available = this.source !== null;
    const last = this.status;
    if (state !== last.state || message !== last.message || available !== last.available) {
      this.status = { state, message, available };
      for (const listener of [...this.listeners]) listener();
    }
    this.redraw();
  }

  private redraw(): void {
    this.view?.canvas.requestRenderAll();
  }

  // -------------------------------------------------------------------------------------------------
  // Following the editor, asking for bitmaps

  private follow(): void {
    const state = this.editor.getState();
    if (state.loads !== this.loads) {
      // Another template: none of the last one's pictures.
      this.loads = state.loads;
      this.full = null;
      this.split = null;
      this.message = null;
      this.partMessage = null;
      this.failedFull = null;
      this.failedSplit = null;
    }
    if (state.model !== this.model) {
      const first = this.model === null || this.full === null;
      this.model = state.model;
      try {
        this.svg = this.editor.toSvg();
      } catch {
        this.svg = null;
      }
      clearTimeout(this.timer);
      if (first) this.wantedSvg = this.svg;
      else
        this.timer = setTimeout(() => {
          this.wantedSvg = this.svg;
          this.pump();
        }, this.debounceMs);
    }
    this.selection = selectedTopLayers(state.model, state.selection);
    this.pump();
    this.update();
  }

  /** Runs the next render: the whole ad first, then the parts for the selection. */
  private pump(): void {
    const source = this.source;
    if (this.running || !source || !this.active || !this.view) return;
    const job = this.fullJob(source) ?? this.splitJob(source);
    if (!job) return;
    this.running = true;
    void job.finally(() => {
      this.running = false;
      this.pump();
      this.update();
    });
  }

  private fullJob(source: ProductSource): Promise<void> | null {
    const svg = this.wantedSvg;
    const tag = `${source.key}\n${svg}`;
    if (svg === null || this.failedFull === tag) return null;
    if (this.full?.key === source.key && this.full.svg === svg) return null;
    return source.full(svg).then(
      ({ bitmap, problem }) => {
        if (this.source?.key !== source.key) return;
        this.full = { key: source.key, svg, bitmap };
        this.message = null;
        this.partMessage = problem === null ? null : partMessageOf(problem);
      },
      (error: unknown) => {
        if (this.source?.key !== source.key) return;
        this.failedFull = tag;
        this.message = messageOf(error);
      },
    );
  }

  private splitJob(source: ProductSource): Promise<void> | null {
    const svg = this.svg;
    const uids = [...this.selection.keys()];
    const ids = [...this.selection.values()];
    const anchor = uids[0] === undefined ? undefined : this.objectOf(uids[0]);
    if (svg === null || !anchor || this.message !== null) return null;
    const tag = `${source.key}\n${svg}\n${uids.join(' ')}`;
    const split = this.split;
    if (this.failedSplit === tag) return null;
    if (split?.key === source.key && split.svg === svg && split.uids.join(' ') === uids.join(' '))
      return null;
    const anchorMatrix = anchor.calcTransformMatrix();
    return source.split(svg, ids).then(
      ({ without, only }) => {
        if (this.source?.key !== source.key) return;
        this.split = { key: source.key, svg, uids, without, only, anchorUid: uids[0]!, anchorMatrix };
      },
      () => {
        // The whole ad still shows; a gesture draws the moving layers as fields.
        this.failedSplit = tag;
      },
    );
  }

  private objectOf(uid: string): FabricObject | undefined {
    const view = this.view;
    return view?.canvas.getObjects().find((object) => view.uidOf(object) === uid);
  }

  // -------------------------------------------------------------------------------------------------
  // Drawing (every frame)

  /** The frame for the canvas's objects now. */
  frame(objects: readonly FabricObject[], moving: ReadonlySet<FabricObject> | undefined): ProductFrame {
    return productFrame({
      active: this.active,
      key: this.source?.key ?? null,
      svg: this.svg,
      full: this.full,
      split: this.split,
      failed: this.message !== null,
      selection: [...this.selection.keys()],
      gesture: moving !== undefined && moving.size > 0,
      editing: objects.some(isEditingText),
    });
  }

  paint(
    ctx: CanvasRenderingContext2D,
    objects: readonly FabricObject[],
    moving: ReadonlySet<FabricObject> | undefined,
  ): readonly FabricObject[] | 'all' {
    const frame = this.frame(objects, moving);
    if (frame.kind === 'fields') {
      const element = this.view?.canvas.lowerCanvasEl;
      if (element && element.dataset.productView !== 'fields') element.dataset.productView = 'fields';
      return 'all';
    }
    const { width, height } = this.editor.getState().model;
    if (frame.kind === 'full') {
      ctx.drawImage(frame.bitmap, 0, 0, width, height);
    } else {
      ctx.drawImage(frame.split.without, 0, 0, width, height);
      const anchor = frame.drawOnly ? this.objectOf(frame.split.anchorUid) : undefined;
      if (anchor) {
        const [a, b, c, d, e, f] = util.multiplyTransformMatrices(
          anchor.calcTransformMatrix(),
          util.invertTransform(frame.split.anchorMatrix as TMat2D),
        );
        ctx.save();
        ctx.transform(a, b, c, d, e, f);
        ctx.drawImage(frame.split.only, 0, 0, width, height);
        ctx.restore();
      }
    }
    this.markDrawn();
    if (frame.paint === 'none') return [];
    return objects.filter((object) => isEditingText(object) || (moving?.has(object) ?? false));
  }

  /**
   * The canvas element's `data-product-view` ('drawn' while the ad is on it, else 'fields'),
   * `data-product-drawn-at` (performance.now() of the first draw of the ad for the loaded template) and
   * `data-product-draws` (how many new pictures of the ad were drawn): signs for bench:builder and tests.
   */
  private markDrawn(): void {
    const element = this.view?.canvas.lowerCanvasEl;
    if (!element) return;
    if (element.dataset.productView !== 'drawn') element.dataset.productView = 'drawn';
    if (this.drawnFor !== this.loads) {
      this.drawnFor = this.loads;
      element.dataset.productDrawnAt = String(performance.now());
    }
    if (this.lastDrawn !== this.full) {
      this.lastDrawn = this.full;
      this.draws += 1;
      element.dataset.productDraws = String(this.draws);
    }
  }
}
