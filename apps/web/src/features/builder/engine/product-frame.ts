/**
 * What one frame of the product view draws (ARCHITECTURE.md, "Product view"): pure rules, tested without a
 * canvas. The renderer's bitmaps go under the fabric objects, which paint nothing themselves unless the
 * frame says so: a text being edited shows its template string, and a gesture whose parts are not drawn yet
 * shows the moving objects as fields over the whole ad.
 */

/** A bitmap of the ad, template-sized: an ImageBitmap in the page, anything drawable in tests. */
export type ProductBitmap = CanvasImageSource;

/** The whole ad for one item and template SVG. */
export interface FullDrawing {
  readonly key: string;
  readonly svg: string;
  readonly bitmap: ProductBitmap;
}

/** The ad without the selected top-level layers and only them, from one render of `svg`. */
export interface SplitDrawing {
  readonly key: string;
  readonly svg: string;
  /** The top-level layers drawn in `only`, by uid, in no particular order. */
  readonly uids: readonly string[];
  readonly without: ProductBitmap;
  readonly only: ProductBitmap;
  /** The layer whose movement moves `only`, and its placement (canvas units) when `svg` was written. */
  readonly anchorUid: string;
  readonly anchorMatrix: readonly number[];
}

export interface FrameInput {
  /** The product view is wanted and an item is chosen. */
  readonly active: boolean;
  /** The chosen item's key. */
  readonly key: string | null;
  /** The template as it is now. */
  readonly svg: string | null;
  readonly full: FullDrawing | null;
  readonly split: SplitDrawing | null;
  /** The render of `svg` for `key` failed: the fields are shown. */
  readonly failed: boolean;
  /** The selected top-level layers' uids. */
  readonly selection: readonly string[];
  /** A drag, resize or turn is under way. */
  readonly gesture: boolean;
  /** A text is being edited on the canvas. */
  readonly editing: boolean;
}

/**
 * - `fields`: every object paints itself (today's canvas).
 * - `full`: the whole ad; `paint` says which objects paint over it (the moving or edited ones, or none).
 * - `split`: the ad without the selection; `only` drawn moved with its anchor (not while a text is edited:
 *   the edited text paints its template string instead).
 */
export type ProductFrame =
  | { readonly kind: 'fields' }
  | { readonly kind: 'full'; readonly bitmap: ProductBitmap; readonly paint: 'none' | 'active' }
  | {
      readonly kind: 'split';
      readonly split: SplitDrawing;
      readonly drawOnly: boolean;
      readonly paint: 'none' | 'active';
    };

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

/** The frame for a state; see ProductFrame. */
export function productFrame(input: FrameInput): ProductFrame {
  const full = input.full?.key === input.key ? input.full : null;
  if (!input.active || input.failed || !full) return { kind: 'fields' };
  const split =
    input.split?.key === input.key && input.selection.length > 0 && sameSet(input.split.uids, input.selection)
      ? input.split
      : null;
  const stale = full.svg !== input.svg;
  if (split && (input.gesture || input.editing || stale))
    return { kind: 'split', split, drawOnly: !input.editing, paint: input.editing ? 'active' : 'none' };
  if (input.gesture || input.editing) return { kind: 'full', bitmap: full.bitmap, paint: 'active' };
  return { kind: 'full', bitmap: full.bitmap, paint: 'none' };
}
