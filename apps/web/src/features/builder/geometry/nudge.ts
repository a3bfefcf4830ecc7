/**
 * Arrow-key nudges (spec sections 2 and 9): the arrow keys move the selection by 1 unit. With shift held
 * they move it by 10, as in other design tools; the spec does not mention shift, and 1 stays the default.
 * Pure: the editor applies the positions (and fires the object-modified event the spec asks for).
 */

/** The spec's arrow-key move, in canvas units. */
export const NUDGE_STEP = 1;
/** The move with shift held. */
export const NUDGE_STEP_WITH_SHIFT = 10;

/** A selected layer: where it is, and whether it is locked (locked layers do not move). */
export interface NudgeTarget {
  readonly uid: string;
  readonly left: number;
  readonly top: number;
  readonly locked?: boolean;
}

/** A layer's position after the nudge. */
export interface NudgedPosition {
  readonly uid: string;
  readonly left: number;
  readonly top: number;
}

const DIRECTIONS: Readonly<Record<string, { readonly x: number; readonly y: number }>> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** How far an arrow key (a KeyboardEvent `key`) moves the selection; undefined for any other key. */
export function nudgeOffset(key: string, shift: boolean): { dx: number; dy: number } | undefined {
  const direction = Object.hasOwn(DIRECTIONS, key) ? DIRECTIONS[key] : undefined;
  if (!direction) return undefined;
  const step = shift ? NUDGE_STEP_WITH_SHIFT : NUDGE_STEP;
  // `0 * -1` is -0; keep the unmoved axis a plain 0.
  return { dx: direction.x === 0 ? 0 : direction.x * step, dy: direction.y === 0 ? 0 : direction.y * step };
}

/**
 * The new positions of the selected layers for an arrow key, in selection order; locked layers are left
 * out. Empty for a key that is not an arrow or a selection with nothing to move.
 */
export function nudgePlan(selection: readonly NudgeTarget[], key: string, shift: boolean): NudgedPosition[] {
  const offset = nudgeOffset(key, shift);
  if (!offset) return [];
  return selection
    .filter((layer) => !layer.locked)
    .map((layer) => ({ uid: layer.uid, left: layer.left + offset.dx, top: layer.top + offset.dy }));
}
