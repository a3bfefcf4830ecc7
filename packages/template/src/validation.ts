/** The save and generation rules of spec section 5. */
import { BUILDER } from './constants.js';
import type { LayerData } from './layerData.js';

/** What the rules look at: the document's name, size and layers, and the editor's error text. */
export interface SaveCheckInput {
  name: string;
  width: number;
  height: number;
  layers: ReadonlyArray<Pick<LayerData, 'dynamicLayerType'>>;
  /** The editor's current error text; null or empty when there is none. */
  editorError?: string | null;
}

export type SaveRule = 'dynamicLayer' | 'editorError' | 'size' | 'nameLength';

/** The reason shown for each rule; the spec gives the rules but no texts, so these are ours. */
export const SAVE_REASONS = {
  dynamicLayer: 'Add at least one dynamic image, slideshow or video layer before saving.',
  size: `Width and height must each be between ${BUILDER.minSize} and ${BUILDER.maxSize}.`,
  nameLength: `The template name can have at most ${BUILDER.maxNameLength} characters.`,
} as const;

export type SaveCheck = { ok: true } | { ok: false; rule: SaveRule; reason: string };

const SLOT_TYPES: ReadonlySet<string> = new Set(['IMAGE', 'SLIDESHOW', 'VIDEO']);

function inSizeRange(value: number): boolean {
  return value >= BUILDER.minSize && value <= BUILDER.maxSize;
}

/**
 * Whether a template may be saved or used for generation; when not, the first failing rule in the
 * spec's order and the text to show (for an editor error, the editor's own text).
 */
export function validateTemplateForSave(input: SaveCheckInput): SaveCheck {
  if (
    !input.layers.some((layer) => layer.dynamicLayerType !== null && SLOT_TYPES.has(layer.dynamicLayerType))
  ) {
    return { ok: false, rule: 'dynamicLayer', reason: SAVE_REASONS.dynamicLayer };
  }
  if (input.editorError) return { ok: false, rule: 'editorError', reason: input.editorError };
  if (!inSizeRange(input.width) || !inSizeRange(input.height)) {
    return { ok: false, rule: 'size', reason: SAVE_REASONS.size };
  }
  // Code points, not UTF-16 units: an emoji is one character to the user and to PostgreSQL.
  if (Array.from(input.name).length > BUILDER.maxNameLength) {
    return { ok: false, rule: 'nameLength', reason: SAVE_REASONS.nameLength };
  }
  return { ok: true };
}
