/** Slots of a template version, read from its layer ids (template-format.md section 4). */
import { defaultSlotFeatures, parseLayerId, type SlotFeatures, type SlotType } from './ids.js';
import { sortMainSlotIds } from './predicates.js';

/** One feature of a slot as the API carries it: a key and a string value. */
export interface SlotFeature {
  key: SlotFeatureKey;
  value: string;
}

/**
 * Feature keys, named like the builder's layer data. The three slideshow keys appear only on
 * SLIDESHOW and VIDEO slots.
 */
export const SLOT_FEATURE_KEYS = [
  'isContain',
  'horizontalAlignment',
  'verticalAlignment',
  'removeBackground',
  'removeBorders',
  'removeBordersHard',
  'slideDuration',
  'transition',
  'maxSlides',
] as const;
export type SlotFeatureKey = (typeof SLOT_FEATURE_KEYS)[number];

/** A slot of spec section 3: one input image (or several, for a slideshow or video) of the template. */
export interface Slot {
  /** The layer id, unique in the template. */
  id: string;
  /** Named slots: their name; numbered slots: MAIN_nnn, which stays when options change; legacy: the id. */
  name: string;
  /** Position in input order: slot i takes the catalogue item's i-th image. */
  index: number;
  type: SlotType;
  removeBackground: boolean;
  removeBorders: boolean;
  removeBordersHard: boolean;
  /** 1 for an image slot. */
  maxSlides: number;
  features: SlotFeature[];
}

function featuresOf(features: SlotFeatures): SlotFeature[] {
  const list: SlotFeature[] = [
    { key: 'isContain', value: String(features.isContain) },
    { key: 'horizontalAlignment', value: features.horizontalAlignment },
    { key: 'verticalAlignment', value: features.verticalAlignment },
    { key: 'removeBackground', value: String(features.removeBackground) },
    { key: 'removeBorders', value: String(features.removeBorders) },
    { key: 'removeBordersHard', value: String(features.removeBordersHard) },
  ];
  if (features.media.type !== 'IMAGE') {
    const { slideDuration, transition, maxSlides } = features.media.options;
    list.push(
      { key: 'slideDuration', value: String(slideDuration) },
      { key: 'transition', value: String(transition) },
      { key: 'maxSlides', value: String(maxSlides) },
    );
  }
  return list;
}

/** The input slots among a template's layer ids, in the renderer's input order. */
export function extractSlots(ids: Iterable<string>): Slot[] {
  return sortMainSlotIds(ids).map((id, index) => {
    const info = parseLayerId(id);
    let name = id;
    let features: SlotFeatures;
    if (info.kind === 'slot') {
      name = `MAIN_${String(info.number).padStart(3, '0')}`;
      features = info.features;
    } else if (info.kind === 'namedSlot') {
      name = info.name;
      features = info.features;
    } else {
      // A legacy slot: the spec's loose rule, an id containing CONTAIN fits, otherwise covers.
      features = { ...defaultSlotFeatures(), isContain: id.includes('CONTAIN') };
    }
    return {
      id,
      name,
      index,
      type: features.media.type,
      removeBackground: features.removeBackground,
      removeBorders: features.removeBorders,
      removeBordersHard: features.removeBordersHard,
      maxSlides: features.media.type === 'IMAGE' ? 1 : features.media.options.maxSlides,
      features: featuresOf(features),
    };
  });
}

/** A slot's features as the flat key-to-value map that startAdGenerationJob passes per slot. */
export function slotFeatureMap(slot: Pick<Slot, 'features'>): Record<string, string> {
  return Object.fromEntries(slot.features.map(({ key, value }) => [key, value]));
}
