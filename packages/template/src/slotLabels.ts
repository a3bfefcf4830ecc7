/**
 * What a marketer reads for a layer's role instead of its id (template-format.md section 2): a slot is
 * 'Product image 1 (fit)' or 'Slideshow 2 (fill)', never `MAIN_001_CONTAIN`; the logo, blurred background,
 * copy and rating read as words too. The saved ids never change: these labels are only shown.
 *
 * A slot's number is its place in the renderer's input order (slot i takes the catalogue item's i-th
 * image), which is the order of the ids, so MAIN_002 alone in a template is 'Product image 1'.
 */
import { parseLayerId, type SlotFeatures } from './ids.js';
import { extractSlots } from './slots.js';

const MEDIA_LABELS = { IMAGE: 'Product image', SLIDESHOW: 'Slideshow', VIDEO: 'Video' } as const;

/** fit = contain (the whole image shows), fill = cover (the box is filled, the image cut). */
function scaleWord(isContain: boolean): string {
  return isContain ? 'fit' : 'fill';
}

function slotWords(features: SlotFeatures, which: string): string {
  return `${MEDIA_LABELS[features.media.type]} ${which} (${scaleWord(features.isContain)})`;
}

function numbered(label: string, suffix: number | null): string {
  return suffix === null ? label : `${label} ${suffix}`;
}

/**
 * The label of the layer with this id, or null for a layer without a role the renderer fills (a plain
 * shape or text; sale and stock conditions are not roles of this kind). `inputPosition` (1 for the first
 * slot) is the slot's place in input order; without it a numbered slot shows its own number.
 */
export function layerRoleLabel(id: string, inputPosition?: number): string | null {
  const info = parseLayerId(id);
  switch (info.kind) {
    case 'slot':
      return slotWords(info.features, String(inputPosition ?? info.number));
    case 'namedSlot':
      return slotWords(info.features, `“${info.name}”`);
    case 'blur':
      return numbered('Blurred background', info.suffix);
    case 'copy':
      return numbered('Copy of first image', info.suffix);
    case 'logo':
      return numbered('Logo', info.suffix);
    case 'rating':
      return numbered('Star rating', info.suffix);
    case 'legacy':
      if (info.role === 'logo') return 'Logo';
      if (info.role !== 'slot') return null;
      // The renderer's loose rule for a legacy slot: an id containing CONTAIN fits, otherwise it fills.
      return (
        `${MEDIA_LABELS.IMAGE} ${inputPosition ?? ''}`.trim() + ` (${scaleWord(id.includes('CONTAIN'))})`
      );
    default:
      return null;
  }
}

/** The labels of a template's role layers by id, slots numbered in input order (1 for the first). */
export function layerRoleLabels(ids: Iterable<string>): Map<string, string> {
  const all = [...ids];
  const positions = new Map(extractSlots(all).map((slot) => [slot.id, slot.index + 1]));
  const labels = new Map<string, string>();
  for (const id of all) {
    const label = layerRoleLabel(id, positions.get(id));
    if (label !== null) labels.set(id, label);
  }
  return labels;
}
