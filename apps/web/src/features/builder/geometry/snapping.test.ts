import { describe, expect, it } from 'vitest';
import {
  GUIDE_MARGIN,
  SNAP_DISTANCE,
  draggedEdgesBetween,
  snapMove,
  snapResize,
  snapResizeProportional,
} from './snapping';
import type { SnapTarget } from './snapping';

// A canvas whose edges and centre (0, 500, 1000 across; 0, 400, 800 down) stay out of the way.
const canvas = { width: 1000, height: 800 };
// Lines at x 300, 350, 400 and y 400, 430, 460.
const other: SnapTarget = { left: 300, top: 400, width: 100, height: 60 };

describe('the spec constants', () => {
  it('snaps within 4 units and draws guides 5 units beyond the objects', () => {
    expect(SNAP_DISTANCE).toBe(4);
    expect(GUIDE_MARGIN).toBe(5);
  });
});

describe('snapMove', () => {
  it('does nothing when no line is within 4 units', () => {
    expect(snapMove({ left: 100, top: 100, width: 40, height: 40 }, [other], canvas)).toEqual({
      dx: 0,
      dy: 0,
      guides: [],
    });
  });

  it("snaps the left edge to another object's left edge, with a guide spanning both plus the margin", () => {
    const plan = snapMove({ left: 303, top: 100, width: 40, height: 40 }, [other], canvas);
    expect(plan).toEqual({ dx: -3, dy: 0, guides: [{ kind: 'vertical', x: 300, y1: 95, y2: 465 }] });
  });

  it('snaps at exactly 4 units, also through float noise, and not just beyond', () => {
    expect(snapMove({ left: 304, top: 100, width: 40, height: 40 }, [other], canvas).dx).toBe(-4);
    expect(snapMove({ left: 296, top: 100, width: 40, height: 40 }, [other], canvas).dx).toBe(4);
    // 14.1 - 10.1 is 4.000000000000001 in floating point; that is still 4 units.
    const noisy = snapMove(
      { left: 14.1, top: 100, width: 40, height: 40 },
      [{ ...other, left: 10.1 }],
      canvas,
    );
    expect(noisy.dx).toBeCloseTo(-4, 12);
    expect(noisy.guides).toEqual([{ kind: 'vertical', x: 10.1, y1: 95, y2: 465 }]);

    expect(snapMove({ left: 304.01, top: 100, width: 40, height: 40 }, [other], canvas)).toEqual({
      dx: 0,
      dy: 0,
      guides: [],
    });
    expect(snapMove({ left: 295.5, top: 100, width: 40, height: 40 }, [other], canvas)).toEqual({
      dx: 0,
      dy: 0,
      guides: [],
    });
  });

  it('snaps any of left, centre and right to any of left, centre and right', () => {
    // The moving centre (321) to the left of an object at 322.
    const centreToLeft = snapMove(
      { left: 301, top: 100, width: 40, height: 40 },
      [{ left: 322, top: 400, width: 200, height: 60 }],
      canvas,
    );
    expect(centreToLeft.dx).toBe(1);
    expect(centreToLeft.guides).toEqual([{ kind: 'vertical', x: 322, y1: 95, y2: 465 }]);

    // The moving right (402) to the other's right (400).
    const rightToRight = snapMove({ left: 362, top: 100, width: 40, height: 40 }, [other], canvas);
    expect(rightToRight.dx).toBe(-2);
    expect(rightToRight.guides).toEqual([{ kind: 'vertical', x: 400, y1: 95, y2: 465 }]);

    // The moving left (352) to the other's centre (350).
    const leftToCentre = snapMove({ left: 352, top: 100, width: 40, height: 40 }, [other], canvas);
    expect(leftToCentre.dx).toBe(-2);
    expect(leftToCentre.guides).toEqual([{ kind: 'vertical', x: 350, y1: 95, y2: 465 }]);
  });

  it('shows a guide for an object already in line (a correction of 0)', () => {
    expect(snapMove({ left: 300, top: 100, width: 40, height: 40 }, [other], canvas)).toEqual({
      dx: 0,
      dy: 0,
      guides: [{ kind: 'vertical', x: 300, y1: 95, y2: 465 }],
    });
  });

  it('chooses the nearest line on each axis', () => {
    // Left 302 is 2 from 300; right 342 is 1 from 341.
    const plan = snapMove(
      { left: 302, top: 100, width: 40, height: 40 },
      [other, { left: 341, top: 600, width: 200, height: 10 }],
      canvas,
    );
    expect(plan.dx).toBe(-1);
    expect(plan.guides).toEqual([{ kind: 'vertical', x: 341, y1: 95, y2: 615 }]);
  });

  it('breaks a tie between equally near lines towards the left and the top, whatever the layer order', () => {
    // Left 302 is 2 right of 300, right 342 is 2 left of 344.
    const right: SnapTarget = { left: 344, top: 600, width: 200, height: 10 };
    const moving = { left: 302, top: 100, width: 40, height: 40 };
    const expected = { dx: -2, dy: 0, guides: [{ kind: 'vertical', x: 300, y1: 95, y2: 465 }] };
    expect(snapMove(moving, [other, right], canvas)).toEqual(expected);
    expect(snapMove(moving, [right, other], canvas)).toEqual(expected);

    // The same vertically: top 302 is 2 below 300, bottom 342 is 2 above 344.
    const below: SnapTarget = { left: 700, top: 344, width: 10, height: 200 };
    const beside: SnapTarget = { left: 600, top: 300, width: 50, height: 10 };
    const vertically = { dx: 0, dy: -2, guides: [{ kind: 'horizontal', y: 300, x1: 95, x2: 655 }] };
    const movingDown = { left: 100, top: 302, width: 40, height: 40 };
    expect(snapMove(movingDown, [below, beside], canvas)).toEqual(vertically);
    expect(snapMove(movingDown, [beside, below], canvas)).toEqual(vertically);
  });

  it('draws a guide for every line the snapped object lines up with', () => {
    // Left 303 → 300 (the other's left) and right 343 → 340 (the left of a second object), both by -3.
    const second: SnapTarget = { left: 340, top: 600, width: 300, height: 20 };
    const plan = snapMove({ left: 303, top: 100, width: 40, height: 40 }, [other, second], canvas);
    expect(plan).toEqual({
      dx: -3,
      dy: 0,
      guides: [
        { kind: 'vertical', x: 300, y1: 95, y2: 465 },
        { kind: 'vertical', x: 340, y1: 95, y2: 625 },
      ],
    });
  });

  it('merges guides at the same position into one covering all the objects', () => {
    const lower: SnapTarget = { left: 300, top: 600, width: 200, height: 100 };
    const plan = snapMove({ left: 303, top: 100, width: 40, height: 40 }, [lower, other], canvas);
    expect(plan.guides).toEqual([{ kind: 'vertical', x: 300, y1: 95, y2: 705 }]);
  });

  it("snaps the centre to the canvas's centre, with guides spanning the canvas", () => {
    // Centre (498, 398) → (500, 400).
    expect(snapMove({ left: 478, top: 378, width: 40, height: 40 }, [], canvas)).toEqual({
      dx: 2,
      dy: 2,
      guides: [
        { kind: 'vertical', x: 500, y1: 0, y2: 800 },
        { kind: 'horizontal', y: 400, x1: 0, x2: 1000 },
      ],
    });
  });

  it("snaps to the canvas's edges", () => {
    expect(snapMove({ left: 3, top: -2, width: 40, height: 40 }, [], canvas)).toEqual({
      dx: -3,
      dy: 2,
      guides: [
        { kind: 'vertical', x: 0, y1: 0, y2: 800 },
        { kind: 'horizontal', y: 0, x1: 0, x2: 1000 },
      ],
    });
    expect(snapMove({ left: 961, top: 759, width: 40, height: 40 }, [], canvas)).toEqual({
      dx: -1,
      dy: 1,
      guides: [
        { kind: 'vertical', x: 1000, y1: 0, y2: 800 },
        { kind: 'horizontal', y: 800, x1: 0, x2: 1000 },
      ],
    });
  });

  it('a canvas guide and an object guide at the same place become one guide over both', () => {
    // An object centred on the canvas reaching below it: its centre and the canvas centre are both at 500.
    const centred: SnapTarget = { left: 450, top: 700, width: 100, height: 200 };
    const plan = snapMove({ left: 478, top: 100, width: 40, height: 40 }, [centred], canvas);
    expect(plan).toEqual({ dx: 2, dy: 0, guides: [{ kind: 'vertical', x: 500, y1: 0, y2: 905 }] });
  });

  it('measures guides from where the object lands on both axes', () => {
    // x: left 303 → 300; y: top 457 → 460 (the other's bottom). The object ends at (300, 460)-(340, 500).
    const plan = snapMove({ left: 303, top: 457, width: 40, height: 40 }, [other], canvas);
    expect(plan).toEqual({
      dx: -3,
      dy: 3,
      guides: [
        { kind: 'vertical', x: 300, y1: 395, y2: 505 },
        { kind: 'horizontal', y: 460, x1: 295, x2: 405 },
      ],
    });
  });

  it('ignores hidden objects', () => {
    expect(
      snapMove({ left: 303, top: 100, width: 40, height: 40 }, [{ ...other, hidden: true }], canvas),
    ).toEqual({ dx: 0, dy: 0, guides: [] });
    // A hidden object does not win over a farther visible one either.
    const plan = snapMove(
      { left: 303, top: 100, width: 40, height: 40 },
      [{ ...other, left: 302, hidden: true }, other],
      canvas,
    );
    expect(plan.dx).toBe(-3);
  });
});

describe('snapResize', () => {
  it('snaps the dragged right edge only, keeping the left edge even when it is near a line', () => {
    // The left edge (2) is within 4 of the canvas edge, the centre near nothing; only the right edge moves.
    const plan = snapResize({ left: 2, top: 100, width: 294, height: 50 }, { x: 'right' }, [other], canvas);
    expect(plan).toEqual({
      dx: 4,
      dy: 0,
      bounds: { left: 2, top: 100, width: 298, height: 50 },
      guides: [{ kind: 'vertical', x: 300, y1: 95, y2: 465 }],
    });
  });

  it('snaps the dragged left edge, moving the left and changing the width', () => {
    const plan = snapResize({ left: 303, top: 100, width: 100, height: 50 }, { x: 'left' }, [other], canvas);
    expect(plan).toEqual({
      dx: -3,
      dy: 0,
      bounds: { left: 300, top: 100, width: 103, height: 50 },
      guides: [{ kind: 'vertical', x: 300, y1: 95, y2: 465 }],
    });
  });

  it('snaps both edges of a corner handle, top and left', () => {
    const plan = snapResize(
      { left: 352, top: 462, width: 100, height: 100 },
      { x: 'left', y: 'top' },
      [other],
      canvas,
    );
    expect(plan).toEqual({
      dx: -2,
      dy: -2,
      bounds: { left: 350, top: 460, width: 102, height: 102 },
      guides: [
        { kind: 'vertical', x: 350, y1: 395, y2: 567 },
        { kind: 'horizontal', y: 460, x1: 295, x2: 457 },
      ],
    });
  });

  it('snaps the bottom edge to the canvas centre', () => {
    const plan = snapResize({ left: 100, top: 100, width: 50, height: 297 }, { y: 'bottom' }, [], canvas);
    expect(plan).toEqual({
      dx: 0,
      dy: 3,
      bounds: { left: 100, top: 100, width: 50, height: 300 },
      guides: [{ kind: 'horizontal', y: 400, x1: 0, x2: 1000 }],
    });
  });

  it('does nothing without dragged edges or without a line in reach', () => {
    const moving = { left: 303, top: 457, width: 40, height: 40 };
    expect(snapResize(moving, {}, [other], canvas)).toEqual({ dx: 0, dy: 0, bounds: moving, guides: [] });
    expect(snapResize(moving, { x: 'right' }, [other], canvas)).toEqual({
      dx: 0,
      dy: 0,
      bounds: moving,
      guides: [],
    });
  });

  it('never turns the object inside out, taking the other equally near line instead', () => {
    // The right edge is at 102: 3 right of 99 (which would leave a width of -1) and 3 left of 105.
    const moving = { left: 100, top: 100, width: 2, height: 50 };
    const before: SnapTarget = { left: 49, top: 600, width: 50, height: 10 };
    const after: SnapTarget = { left: 105, top: 600, width: 200, height: 10 };
    expect(snapResize(moving, { x: 'right' }, [before], canvas)).toEqual({
      dx: 0,
      dy: 0,
      bounds: moving,
      guides: [],
    });
    expect(snapResize(moving, { x: 'right' }, [before, after], canvas)).toEqual({
      dx: 3,
      dy: 0,
      bounds: { left: 100, top: 100, width: 5, height: 50 },
      guides: [{ kind: 'vertical', x: 105, y1: 95, y2: 615 }],
    });
  });

  it('ignores hidden objects', () => {
    const moving = { left: 303, top: 100, width: 100, height: 50 };
    expect(snapResize(moving, { x: 'left' }, [{ ...other, hidden: true }], canvas)).toEqual({
      dx: 0,
      dy: 0,
      bounds: moving,
      guides: [],
    });
  });
});

describe('snapResizeProportional', () => {
  it('snaps the dragged right edge and moves the bottom with it, keeping the ratio and the top-left corner', () => {
    // Right 298 → 300 (the other's left); 100 × 50 becomes 102 × 51.
    const plan = snapResizeProportional(
      { left: 198, top: 100, width: 100, height: 50 },
      { x: 'right', y: 'bottom' },
      [other],
      canvas,
    );
    expect(plan).toEqual({
      dx: 2,
      dy: 1,
      bounds: { left: 198, top: 100, width: 102, height: 51 },
      guides: [{ kind: 'vertical', x: 300, y1: 95, y2: 465 }],
    });
  });

  it('snaps the dragged top edge and moves the left with it, keeping the bottom-right corner', () => {
    // Top 463 → 460 (the other's bottom); 80 × 40 becomes 86 × 43, still ending at (200, 503).
    const plan = snapResizeProportional(
      { left: 120, top: 463, width: 80, height: 40 },
      { x: 'left', y: 'top' },
      [other],
      canvas,
    );
    expect(plan).toEqual({
      dx: -6,
      dy: -3,
      bounds: { left: 114, top: 460, width: 86, height: 43 },
      guides: [{ kind: 'horizontal', y: 460, x1: 109, x2: 405 }],
    });
  });

  it('takes the nearer of the two edges when both are in reach', () => {
    // Left 303 is 3 from 300, top 401 is 1 from 400 (the other's top and the canvas centre): the top wins.
    const plan = snapResizeProportional(
      { left: 303, top: 401, width: 100, height: 100 },
      { x: 'left', y: 'top' },
      [other],
      canvas,
    );
    expect(plan).toEqual({
      dx: -1,
      dy: -1,
      bounds: { left: 302, top: 400, width: 101, height: 101 },
      guides: [{ kind: 'horizontal', y: 400, x1: 0, x2: 1000 }],
    });
  });

  it('draws a guide for the edge that followed when it lands exactly on a line', () => {
    // A square: right 297 → 300 and bottom 297 → 300, where a second object's top is.
    const plan = snapResizeProportional(
      { left: 100, top: 100, width: 197, height: 197 },
      { x: 'right', y: 'bottom' },
      [other, { left: 600, top: 300, width: 50, height: 50 }],
      canvas,
    );
    expect(plan.bounds.width).toBeCloseTo(200, 9);
    expect(plan.bounds.height).toBeCloseTo(200, 9);
    expect(plan.guides).toEqual([
      { kind: 'vertical', x: 300, y1: 95, y2: 465 },
      { kind: 'horizontal', y: 300, x1: 95, x2: 655 },
    ]);
  });

  it('does nothing without a line in reach, for hidden objects, or when the snap would turn it inside out', () => {
    const moving = { left: 120, top: 100, width: 80, height: 40 };
    const nothing = { dx: 0, dy: 0, bounds: moving, guides: [] };
    expect(snapResizeProportional(moving, { x: 'right', y: 'bottom' }, [other], canvas)).toEqual(nothing);
    const hidden: SnapTarget = { left: 202, top: 600, width: 10, height: 10, hidden: true };
    expect(snapResizeProportional(moving, { x: 'right', y: 'bottom' }, [hidden], canvas)).toEqual(nothing);
    // The lines at 97 to 98 are within 4 of the right and bottom edges (102), but left of the fixed corner.
    const tiny = { left: 100, top: 100, width: 2, height: 2 };
    expect(
      snapResizeProportional(
        tiny,
        { x: 'right', y: 'bottom' },
        [{ left: 97, top: 97, width: 1, height: 1 }],
        canvas,
      ),
    ).toEqual({ dx: 0, dy: 0, bounds: tiny, guides: [] });
  });
});

describe('draggedEdgesBetween', () => {
  const start = { left: 100, top: 100, width: 50, height: 40 };

  it('names the edge that moved while its opposite stayed', () => {
    expect(draggedEdgesBetween(start, { left: 100, top: 100, width: 60, height: 40 })).toEqual({
      x: 'right',
    });
    expect(draggedEdgesBetween(start, { left: 90, top: 100, width: 60, height: 40 })).toEqual({ x: 'left' });
    expect(draggedEdgesBetween(start, { left: 100, top: 100, width: 50, height: 45 })).toEqual({
      y: 'bottom',
    });
    expect(draggedEdgesBetween(start, { left: 90, top: 95, width: 60, height: 45 })).toEqual({
      x: 'left',
      y: 'top',
    });
  });

  it('names no edge on an axis where both edges moved (from the centre) or neither did', () => {
    expect(draggedEdgesBetween(start, { left: 95, top: 100, width: 60, height: 40 })).toEqual({});
    expect(draggedEdgesBetween(start, start)).toEqual({});
    // Float noise on the anchored edge is not a move.
    expect(draggedEdgesBetween(start, { left: 100.0000000001, top: 100, width: 70, height: 40 })).toEqual({
      x: 'right',
    });
  });
});
