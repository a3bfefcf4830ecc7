/**
 * The builder's fabric canvas: fabric's Canvas, except that while objects are dragged, resized or turned,
 * the objects that stay put are drawn from two snapshots (those under the moving ones and those over them)
 * instead of one by one at every frame. fabric redraws the whole canvas on each mouse move, so without
 * this a drag among 200 layers draws 200 objects per frame; with it, two images and the moving objects.
 * The snapshots are taken at the first frame of the gesture and dropped at its end (thaw).
 */
import { Canvas, type FabricObject } from 'fabric';

interface Snapshots {
  /** The canvas transform (retina scale and zoom) and the object list they were drawn for. */
  matrix: DOMMatrix;
  objects: readonly FabricObject[];
  /** fabric adds and removes objects in place: the list's length tells a change. */
  count: number;
  below: HTMLCanvasElement | null;
  above: HTMLCanvasElement | null;
}

function sameMatrix(a: DOMMatrix, b: DOMMatrix): boolean {
  return a.a === b.a && a.b === b.b && a.c === b.c && a.d === b.d && a.e === b.e && a.f === b.f;
}

/**
 * Draws the canvas instead of its objects (the product view, product-view.ts): `paint` draws in canvas units
 * and returns the objects that still draw themselves over it, or 'all' for the usual drawing.
 */
export interface CanvasPainter {
  paint(
    ctx: CanvasRenderingContext2D,
    objects: readonly FabricObject[],
    moving: ReadonlySet<FabricObject> | undefined,
  ): readonly FabricObject[] | 'all';
}

export class SnapshotCanvas extends Canvas {
  private frozen: { moving: ReadonlySet<FabricObject>; snapshots?: Snapshots } | undefined;
  /** Set by the product view while it is shown; never for exports (they draw on a context of their own). */
  painter: CanvasPainter | undefined;

  /** Until thaw(), draws every object but `moving` from snapshots. */
  freeze(moving: readonly FabricObject[]): void {
    this.frozen = { moving: new Set(moving) };
  }

  /** Draws every object again at every render (the end of a gesture). */
  thaw(): void {
    this.frozen = undefined;
  }

  override _renderObjects(ctx: CanvasRenderingContext2D, objects: FabricObject[]): void {
    const painted =
      this.painter && ctx === this.getContext()
        ? this.painter.paint(ctx, objects, this.frozen?.moving)
        : 'all';
    if (painted !== 'all') {
      for (const object of painted) object.render(ctx);
      return;
    }
    const frozen = this.frozen;
    if (!frozen || ctx !== this.getContext()) {
      super._renderObjects(ctx, objects);
      return;
    }
    const first = objects.findIndex((o) => frozen.moving.has(o));
    const end = first + frozen.moving.size;
    // Only a run of moving objects next to each other in the stacking order (not a selection with
    // still objects between its members) can be drawn between two snapshots.
    if (first < 0 || objects.slice(first, end).some((o) => !frozen.moving.has(o))) {
      super._renderObjects(ctx, objects);
      return;
    }
    const matrix = ctx.getTransform();
    let snapshots = frozen.snapshots;
    if (
      !snapshots ||
      snapshots.objects !== objects ||
      snapshots.count !== objects.length ||
      !sameMatrix(snapshots.matrix, matrix)
    ) {
      snapshots = {
        matrix,
        objects,
        count: objects.length,
        below: this.snapshot(ctx, matrix, objects.slice(0, first)),
        above: this.snapshot(ctx, matrix, objects.slice(end)),
      };
      frozen.snapshots = snapshots;
    }
    this.drawSnapshot(ctx, snapshots.below);
    super._renderObjects(ctx, objects.slice(first, end));
    this.drawSnapshot(ctx, snapshots.above);
  }

  private snapshot(
    ctx: CanvasRenderingContext2D,
    matrix: DOMMatrix,
    objects: FabricObject[],
  ): HTMLCanvasElement | null {
    if (objects.length === 0) return null;
    const element = document.createElement('canvas');
    element.width = ctx.canvas.width;
    element.height = ctx.canvas.height;
    const snapshotCtx = element.getContext('2d');
    if (!snapshotCtx) return null;
    snapshotCtx.imageSmoothingEnabled = ctx.imageSmoothingEnabled;
    snapshotCtx.setTransform(matrix);
    super._renderObjects(snapshotCtx, objects);
    return element;
  }

  private drawSnapshot(ctx: CanvasRenderingContext2D, snapshot: HTMLCanvasElement | null): void {
    if (!snapshot) return;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(snapshot, 0, 0);
    ctx.restore();
  }
}
