/**
 * What a colour field holds and shows (pure, no React): a paint value of the model (a colour, none, or a
 * gradient `url(#id)`), hex colours as the brand kit stores them, and the brand swatches with the colours
 * still being saved (spec section 8: the new colour is added to the list optimistically).
 */

/** A model paint as a colour field shows it. */
export type Paint =
  | { kind: 'none' }
  | { kind: 'gradient'; ref: string }
  | { kind: 'color'; hex: string }
  /** A value the field cannot edit as hex (e.g. a named colour of an imported template): shown as written. */
  | { kind: 'other'; text: string };

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const GRADIENT = /^url\(\s*['"]?#([^'")\s]+)['"]?\s*\)$/i;

/**
 * A hex colour as the brand kit stores it: `#` and lower-case digits, #rgb and #rgba widened to 6 and 8
 * digits. Null when `text` is not a hex colour.
 */
export function normalizeHexColor(text: string): string | null {
  const match = HEX.exec(text.trim());
  if (!match) return null;
  const digits = match[1]!.toLowerCase();
  return `#${digits.length <= 4 ? [...digits].map((digit) => digit + digit).join('') : digits}`;
}

/** How a colour field reads a model paint (null is no paint: `fill="none"`). */
export function paintOf(value: string | null): Paint {
  if (value === null || value.trim() === '' || value.trim().toLowerCase() === 'none') return { kind: 'none' };
  const gradient = GRADIENT.exec(value.trim());
  if (gradient) return { kind: 'gradient', ref: gradient[1]! };
  const hex = normalizeHexColor(value);
  return hex ? { kind: 'color', hex } : { kind: 'other', text: value };
}

/** The text a colour field shows for a paint. */
export function paintText(paint: Paint): string {
  switch (paint.kind) {
    case 'none':
      return '';
    case 'gradient':
      return `url(#${paint.ref})`;
    case 'color':
      return paint.hex;
    case 'other':
      return paint.text;
  }
}

/** A colour of the brand kit (spec section 3: id, name, textContent). */
export interface BrandColor {
  id: string;
  name: string;
  textContent: string;
}

/** A colour the user saved to the brand kit whose save has not yet shown up in the kit query. */
export interface PendingBrandColor {
  /** The field's own key of the save (the kit's id is not known until the save answers). */
  key: string;
  name: string;
  textContent: string;
  /** The kit's id once the save succeeded; null while it runs. */
  savedId: string | null;
}

/** A swatch of a colour field: a kit colour, or one being saved. */
export interface BrandSwatch {
  key: string;
  name: string;
  hex: string;
  pending: boolean;
}

/**
 * The brand swatches: the kit's colours in its order, then the colours being saved (or saved but not yet
 * in the kit the query last returned). A kit colour that is not a hex colour is left out.
 */
export function brandSwatches(
  kitColors: readonly BrandColor[],
  pending: readonly PendingBrandColor[],
): BrandSwatch[] {
  const kitIds = new Set(kitColors.map((color) => color.id));
  const swatches: BrandSwatch[] = [];
  for (const color of kitColors) {
    const hex = normalizeHexColor(color.textContent);
    if (hex) swatches.push({ key: color.id, name: color.name, hex, pending: false });
  }
  for (const color of pending) {
    if (color.savedId !== null && kitIds.has(color.savedId)) continue;
    const hex = normalizeHexColor(color.textContent);
    if (hex) swatches.push({ key: color.key, name: color.name, hex, pending: color.savedId === null });
  }
  return swatches;
}

/** Whether the kit (as last read, with the colours being saved) has room for one more colour. */
export function hasRoomForColor(
  limit: { count: number; maxItems: number } | undefined,
  pending: readonly PendingBrandColor[],
  kitColors: readonly BrandColor[],
): boolean {
  if (!limit) return true;
  const kitIds = new Set(kitColors.map((color) => color.id));
  const unseen = pending.filter((color) => color.savedId === null || !kitIds.has(color.savedId)).length;
  return limit.count + unseen < limit.maxItems;
}
