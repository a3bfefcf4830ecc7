import { describe, expect, it } from 'vitest';
import { NUDGE_STEP, NUDGE_STEP_WITH_SHIFT, nudgeOffset, nudgePlan } from './nudge';

describe('nudgeOffset', () => {
  it('moves by 1 unit, the spec step', () => {
    expect(NUDGE_STEP).toBe(1);
    expect(nudgeOffset('ArrowLeft', false)).toEqual({ dx: -1, dy: 0 });
    expect(nudgeOffset('ArrowRight', false)).toEqual({ dx: 1, dy: 0 });
    expect(nudgeOffset('ArrowUp', false)).toEqual({ dx: 0, dy: -1 });
    expect(nudgeOffset('ArrowDown', false)).toEqual({ dx: 0, dy: 1 });
  });

  it('moves by 10 with shift', () => {
    expect(NUDGE_STEP_WITH_SHIFT).toBe(10);
    expect(nudgeOffset('ArrowLeft', true)).toEqual({ dx: -10, dy: 0 });
    expect(nudgeOffset('ArrowDown', true)).toEqual({ dx: 0, dy: 10 });
  });

  it('keeps the other axis at a plain 0, not -0', () => {
    expect(Object.is(nudgeOffset('ArrowLeft', false)!.dy, 0)).toBe(true);
    expect(Object.is(nudgeOffset('ArrowUp', true)!.dx, 0)).toBe(true);
  });

  it('ignores other keys', () => {
    for (const key of ['a', 'Enter', 'Left', 'arrowleft', 'toString', 'constructor', '']) {
      expect(nudgeOffset(key, false)).toBeUndefined();
    }
  });
});

describe('nudgePlan', () => {
  const selection = [
    { uid: 'a', left: 10, top: 20 },
    { uid: 'b', left: 0.5, top: -3 },
  ];

  it('moves every selected layer by the same offset', () => {
    expect(nudgePlan(selection, 'ArrowRight', false)).toEqual([
      { uid: 'a', left: 11, top: 20 },
      { uid: 'b', left: 1.5, top: -3 },
    ]);
    expect(nudgePlan(selection, 'ArrowUp', true)).toEqual([
      { uid: 'a', left: 10, top: 10 },
      { uid: 'b', left: 0.5, top: -13 },
    ]);
  });

  it('moves past the canvas edge: nudging does not clamp', () => {
    expect(nudgePlan([{ uid: 'a', left: 0, top: 0 }], 'ArrowLeft', true)).toEqual([
      { uid: 'a', left: -10, top: 0 },
    ]);
  });

  it('leaves locked layers where they are', () => {
    expect(
      nudgePlan([...selection, { uid: 'c', left: 5, top: 5, locked: true }], 'ArrowDown', false),
    ).toEqual([
      { uid: 'a', left: 10, top: 21 },
      { uid: 'b', left: 0.5, top: -2 },
    ]);
  });

  it('plans nothing for another key or an empty selection', () => {
    expect(nudgePlan(selection, 'Delete', false)).toEqual([]);
    expect(nudgePlan([], 'ArrowLeft', false)).toEqual([]);
  });
});
