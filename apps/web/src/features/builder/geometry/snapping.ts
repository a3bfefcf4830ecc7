/**
 * Snapping while dragging and resizing (spec sections 2 and 9): an object snaps to the edges and centres of
 * the other objects and of the canvas within 4 units, and red guides show what it lined up with. Pure: the
 * functions return a plan (a correction and the guides to draw); the editor applies it.
 *
 * Units. The snap distance is 4 canvas units at every zoom, as the spec says ("within 4 units"), so it
 * feels weaker zoomed out (1 screen pixel at 0.25) and stronger zoomed in (8 at 2). We keep the spec's
 * behaviour rather than a constant screen-pixel tolerance; the guide margin is canvas units too.
 *
 * Bounds are axis-aligned: a rotated object is given by its bounding box, a multiple selection by the box
 * around it. The caller leaves the moving objects out of `others`.
 */
import type { Rect, Size } from './types';

/** How near (canvas units, inclusive) an edge or centre must come to a line to snap to it. */
export const SNAP_DISTANCE = 4;
/** How far a guide reaches beyond the two objects it joins. */
export const GUIDE_MARGIN = 5;

/** Another object on the canvas; a hidden one does not attract. */
export interface SnapTarget extends Rect {
  readonly hidden?: boolean;
}

/** A vertical guide line at `x`, drawn from `y1` to `y2`. */
export interface VerticalGuide {
  readonly kind: 'vertical';
  readonly x: number;
  readonly y1: number;
  readonly y2: number;
}

/** A horizontal guide line at `y`, drawn from `x1` to `x2`. */
export interface HorizontalGuide {
  readonly kind: 'horizontal';
  readonly y: number;
  readonly x1: number;
  readonly x2: number;
}

export type Guide = VerticalGuide | HorizontalGuide;

/** What a drag should do: move the object by (dx, dy) more, and draw these guides (vertical first, by position). */
export interface MoveSnapPlan {
  readonly dx: number;
  readonly dy: number;
  readonly guides: readonly Guide[];
}

/** What a resize should do: move the dragged edges by (dx, dy); `bounds` is the result. */
export interface ResizeSnapPlan extends MoveSnapPlan {
  readonly bounds: Rect;
}

/** The edges a resize handle drags: a side handle one, a corner handle one of each. */
export interface DraggedEdges {
  readonly x?: 'left' | 'right';
  readonly y?: 'top' | 'bottom';
}

// Float noise: 10.1 + 4 is 14.1 but 14.1 - 10.1 is 4.000000000000001.
const EPSILON = 1e-9;

/** A line something can snap to, on one axis, with the extent of what it belongs to on the other axis. */
interface SnapLine {
  readonly at: number;
  /** The object's extent across the guide; undefined for the canvas, whose guides span the canvas. */
  readonly across?: { readonly start: number; readonly end: number };
}

interface AxisSnap {
  readonly delta: number;
  readonly lines: readonly SnapLine[];
}

/** Snap an object being dragged: its left, centre and right (top, middle, bottom) to every other line. */
export function snapMove(moving: Rect, others: readonly SnapTarget[], canvas: Size): MoveSnapPlan {
  const targets = others.filter((o) => !o.hidden);
  const x = snapAxis(anchors(moving.left, moving.width), verticalLines(targets, canvas), () => true);
  const y = snapAxis(anchors(moving.top, moving.height), horizontalLines(targets, canvas), () => true);
  const dx = x?.delta ?? 0;
  const dy = y?.delta ?? 0;
  const bounds = { ...moving, left: moving.left + dx, top: moving.top + dy };
  return { dx, dy, guides: guidesFor(bounds, x, y, canvas) };
}

/**
 * Snap the edges a resize handle drags, and only those: the opposite edges stay where they are. A snap
 * that would turn the object inside out (zero or negative size) is not offered.
 */
export function snapResize(
  moving: Rect,
  edges: DraggedEdges,
  others: readonly SnapTarget[],
  canvas: Size,
): ResizeSnapPlan {
  const targets = others.filter((o) => !o.hidden);
  const x =
    edges.x === undefined
      ? undefined
      : snapAxis(
          [edges.x === 'left' ? moving.left : moving.left + moving.width],
          verticalLines(targets, canvas),
          (d) => (edges.x === 'left' ? moving.width - d : moving.width + d) > 0,
        );
  const y =
    edges.y === undefined
      ? undefined
      : snapAxis(
          [edges.y === 'top' ? moving.top : moving.top + moving.height],
          horizontalLines(targets, canvas),
          (d) => (edges.y === 'top' ? moving.height - d : moving.height + d) > 0,
        );
  const dx = x?.delta ?? 0;
  const dy = y?.delta ?? 0;
  const bounds: Rect = {
    left: edges.x === 'left' ? moving.left + dx : moving.left,
    top: edges.y === 'top' ? moving.top + dy : moving.top,
    width: edges.x === 'left' ? moving.width - dx : moving.width + dx,
    height: edges.y === 'top' ? moving.height - dy : moving.height + dy,
  };
  return { dx, dy, bounds, guides: guidesFor(bounds, x, y, canvas) };
}

function anchors(start: number, size: number): number[] {
  return [start, start + size / 2, start + size];
}

function verticalLines(targets: readonly SnapTarget[], canvas: Size): SnapLine[] {
  const lines: SnapLine[] = anchors(0, canvas.width).map((at) => ({ at }));
  for (const t of targets) {
    const across = { start: t.top, end: t.top + t.height };
    for (const at of anchors(t.left, t.width)) lines.push({ at, across });
  }
  return lines;
}

function horizontalLines(targets: readonly SnapTarget[], canvas: Size): SnapLine[] {
  const lines: SnapLine[] = anchors(0, canvas.height).map((at) => ({ at }));
  for (const t of targets) {
    const across = { start: t.left, end: t.left + t.width };
    for (const at of anchors(t.top, t.height)) lines.push({ at, across });
  }
  return lines;
}

/**
 * The nearest correction on one axis, and every line it lines the object up with. Ties between equally
 * near corrections go to the smaller one (towards the left or the top), so the result does not depend on
 * the order of the layers.
 */
function snapAxis(
  movingAnchors: readonly number[],
  lines: readonly SnapLine[],
  allowed: (delta: number) => boolean,
): AxisSnap | undefined {
  let best: number | undefined;
  for (const line of lines) {
    for (const anchor of movingAnchors) {
      const delta = line.at - anchor;
      const distance = Math.abs(delta);
      if (distance > SNAP_DISTANCE + EPSILON || !allowed(delta)) continue;
      if (best === undefined) {
        best = delta;
        continue;
      }
      const bestDistance = Math.abs(best);
      if (
        distance < bestDistance - EPSILON ||
        (distance <= bestDistance + EPSILON && delta < best - EPSILON)
      ) {
        best = delta;
      }
    }
  }
  if (best === undefined) return undefined;
  const delta = best;
  const matched = lines.filter((line) =>
    movingAnchors.some((anchor) => Math.abs(line.at - anchor - delta) <= EPSILON),
  );
  return { delta, lines: matched };
}

function guidesFor(bounds: Rect, x: AxisSnap | undefined, y: AxisSnap | undefined, canvas: Size): Guide[] {
  const vertical = mergeGuides(
    x?.lines ?? [],
    { start: bounds.top, end: bounds.top + bounds.height },
    canvas.height,
  );
  const horizontal = mergeGuides(
    y?.lines ?? [],
    { start: bounds.left, end: bounds.left + bounds.width },
    canvas.width,
  );
  return [
    ...vertical.map((g): VerticalGuide => ({ kind: 'vertical', x: g.at, y1: g.start, y2: g.end })),
    ...horizontal.map((g): HorizontalGuide => ({ kind: 'horizontal', y: g.at, x1: g.start, x2: g.end })),
  ];
}

/**
 * One guide per position, sorted: a guide to an object spans both objects plus the margin; a canvas guide
 * spans the canvas; lines at the same position (the canvas centre and an object's centre) become one guide
 * covering them all.
 */
function mergeGuides(
  lines: readonly SnapLine[],
  moving: { start: number; end: number },
  canvasExtent: number,
): { at: number; start: number; end: number }[] {
  const merged: { at: number; start: number; end: number }[] = [];
  for (const line of lines) {
    const extent = line.across
      ? {
          start: Math.min(moving.start, line.across.start) - GUIDE_MARGIN,
          end: Math.max(moving.end, line.across.end) + GUIDE_MARGIN,
        }
      : { start: 0, end: canvasExtent };
    const same = merged.find((g) => Math.abs(g.at - line.at) <= EPSILON);
    if (same) {
      same.start = Math.min(same.start, extent.start);
      same.end = Math.max(same.end, extent.end);
    } else {
      merged.push({ at: line.at, ...extent });
    }
  }
  return merged.sort((a, b) => a.at - b.at);
}

/**
 * Snap a corner handle that keeps the proportions (fabric's default for corners): of the two dragged
 * edges, the one nearer to a line snaps (a tie goes to the horizontal axis), and the other follows so the
 * width-to-height ratio stays; the opposite corner stays where it is. The other edge's guides are drawn
 * too when it lands exactly on a line.
 */
export function snapResizeProportional(
  moving: Rect,
  edges: Required<DraggedEdges>,
  others: readonly SnapTarget[],
  canvas: Size,
): ResizeSnapPlan {
  const targets = others.filter((o) => !o.hidden);
  const vertical = verticalLines(targets, canvas);
  const horizontal = horizontalLines(targets, canvas);
  const xEdge = (bounds: Rect) => (edges.x === 'left' ? bounds.left : bounds.left + bounds.width);
  const yEdge = (bounds: Rect) => (edges.y === 'top' ? bounds.top : bounds.top + bounds.height);
  const x = snapAxis([xEdge(moving)], vertical, (d) => (edges.x === 'left' ? -d : d) > -moving.width);
  const y = snapAxis([yEdge(moving)], horizontal, (d) => (edges.y === 'top' ? -d : d) > -moving.height);
  if (!x && !y) return { dx: 0, dy: 0, bounds: moving, guides: [] };
  const byX = x !== undefined && (y === undefined || Math.abs(x.delta) <= Math.abs(y.delta) + EPSILON);
  const factor = byX
    ? (moving.width + (edges.x === 'left' ? -x.delta : x.delta)) / moving.width
    : (moving.height + (edges.y === 'top' ? -y!.delta : y!.delta)) / moving.height;
  const width = moving.width * factor;
  const height = moving.height * factor;
  const bounds: Rect = {
    left: edges.x === 'left' ? moving.left + moving.width - width : moving.left,
    top: edges.y === 'top' ? moving.top + moving.height - height : moving.top,
    width,
    height,
  };
  // The edge that followed lines up with something only by chance: a guide then, but no correction.
  const exactly = (delta: number) => Math.abs(delta) <= EPSILON;
  const followedX = byX ? x : snapAxis([xEdge(bounds)], vertical, exactly);
  const followedY = byX ? snapAxis([yEdge(bounds)], horizontal, exactly) : y;
  return {
    dx: xEdge(bounds) - xEdge(moving),
    dy: yEdge(bounds) - yEdge(moving),
    bounds,
    guides: guidesFor(bounds, followedX, followedY, canvas),
  };
}

/** How far (canvas units) an edge must have moved to count as dragged: more than float noise. */
const MOVED = 1e-6;

/**
 * The edges a resize handle drags, read from the bounds at the gesture's start and now: the handle's
 * anchor stays put, so an edge that moved while the opposite one stayed is dragged. On an axis where both
 * moved (a resize from the centre) or neither did, nothing is dragged.
 */
export function draggedEdgesBetween(start: Rect, now: Rect): DraggedEdges {
  const moved = (before: number, after: number) => Math.abs(before - after) > MOVED;
  const left = moved(start.left, now.left);
  const right = moved(start.left + start.width, now.left + now.width);
  const top = moved(start.top, now.top);
  const bottom = moved(start.top + start.height, now.top + now.height);
  return {
    ...(left !== right ? { x: left ? ('left' as const) : ('right' as const) } : {}),
    ...(top !== bottom ? { y: top ? ('top' as const) : ('bottom' as const) } : {}),
  };
}
