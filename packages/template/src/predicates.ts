/**
 * The renderer's reading of layer ids (spec section 3, "In the renderer"). Each rule is answered from
 * parseLayerId, so the builder, the server and the renderer can never disagree on what an id means.
 */
import { metadataFlag, type Metadata } from './metadata.js';
import { defaultSlotFeatures, parseLayerId, type LayerIdInfo, type SlotFeatures } from './ids.js';

/** True for an input-image slot: ids starting with MAIN other than MAIN_BLUR and MAIN_COPY. */
export function isMainSlotId(id: string): boolean {
  const info = parseLayerId(id);
  return (
    info.kind === 'slot' || info.kind === 'namedSlot' || (info.kind === 'legacy' && info.role === 'slot')
  );
}

/**
 * The input-image slot ids in input order: sorted by UTF-16 code units, which is what "alphabetically"
 * means here because localeCompare orders `_` and digits differently per ICU build and locale.
 */
export function sortMainSlotIds(ids: Iterable<string>): string[] {
  return [...ids].filter(isMainSlotId).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** True for the blurred-background layer (MAIN_BLUR). */
export function isBlurLayerId(id: string): boolean {
  return parseLayerId(id).kind === 'blur';
}

/** True for the copy-of-the-first-image layer (MAIN_COPY). */
export function isCopyLayerId(id: string): boolean {
  return parseLayerId(id).kind === 'copy';
}

/** True for the star-rating widget (RATING). */
export function isRatingLayerId(id: string): boolean {
  return parseLayerId(id).kind === 'rating';
}

/** True for a logo slot: any id that starts with `logo` in any case. */
export function isLogoLayerId(id: string): boolean {
  return /^logo/i.test(id);
}

/**
 * The logo key whose text appears in the id (case-insensitive), the longest one when several do,
 * so LOGO_MAIN_BRAND prefers a `main_brand` logo over `main`; undefined when none matches.
 */
export function findLogoKey(id: string, keys: Iterable<string>): string | undefined {
  const lowerId = id.toLowerCase();
  let best: string | undefined;
  for (const key of keys) {
    if (
      key !== '' &&
      lowerId.includes(key.toLowerCase()) &&
      (best === undefined || key.length > best.length)
    ) {
      best = key;
    }
  }
  return best;
}

/** How an input image sits in its slot: contain or cover, and the alignment. */
export type SlotPlacement = Pick<SlotFeatures, 'isContain' | 'horizontalAlignment' | 'verticalAlignment'>;

/**
 * Placement of the image in a main slot. Legacy ids follow the spec's loose rule (an id containing
 * CONTAIN fits, centred); undefined when the id is not a main slot.
 */
export function slotPlacement(id: string): SlotPlacement | undefined {
  const info = parseLayerId(id);
  if (info.kind === 'slot' || info.kind === 'namedSlot') {
    const { isContain, horizontalAlignment, verticalAlignment } = info.features;
    return { isContain, horizontalAlignment, verticalAlignment };
  }
  if (info.kind === 'legacy' && info.role === 'slot') {
    const { horizontalAlignment, verticalAlignment } = defaultSlotFeatures();
    return { isContain: id.includes('CONTAIN'), horizontalAlignment, verticalAlignment };
  }
  return undefined;
}

/** Which metadata flags a layer waits for before it is shown. */
export interface LayerConditions {
  sale: boolean;
  stockLevelLessThan10: boolean;
  stockLevelLessThan50: boolean;
}

function conditionsOf(info: LayerIdInfo): LayerConditions {
  if (info.kind === 'flags') {
    const { sale, stockLevelLessThan10, stockLevelLessThan50 } = info;
    return { sale, stockLevelLessThan10, stockLevelLessThan50 };
  }
  const role = info.kind === 'legacy' ? info.role : undefined;
  return {
    sale: role === 'sale',
    stockLevelLessThan10: role === 'stockLevelLessThan10',
    stockLevelLessThan50: role === 'stockLevelLessThan50',
  };
}

/** The conditions a layer id carries: ids starting with sale (any case) and the stock-level ids. */
export function layerConditions(id: string): LayerConditions {
  return conditionsOf(parseLayerId(id));
}

/** A condition a layer waits for, by name. */
export type LayerCondition = keyof LayerConditions;

/** The metadata flag each condition reads. */
export const LAYER_CONDITION_FLAGS: Readonly<Record<LayerCondition, string>> = {
  sale: 'is_sale',
  stockLevelLessThan10: 'stock_level_less_than_10',
  stockLevelLessThan50: 'stock_level_less_than_50',
};

/** The layer's conditions that do not hold for this metadata (empty: the renderer keeps the layer). */
export function failedLayerConditions(id: string, metadata: Metadata): LayerCondition[] {
  const conditions = layerConditions(id);
  return (Object.keys(LAYER_CONDITION_FLAGS) as LayerCondition[]).filter(
    (condition) => conditions[condition] && !metadataFlag(metadata, LAYER_CONDITION_FLAGS[condition]),
  );
}

/** True when the layer's conditions hold for this metadata, so the renderer keeps it. */
export function isLayerShown(id: string, metadata: Metadata): boolean {
  return failedLayerConditions(id, metadata).length === 0;
}

/**
 * For a COLOR_PRIMARY layer, where its fill comes from: source null means inputs[0].color, otherwise
 * the metadata key after the colon. Undefined when the layer is not recoloured.
 */
export function dynamicColorSource(id: string): { source: string | null } | undefined {
  const info = parseLayerId(id);
  return info.kind === 'flags' && info.color ? { source: info.color.source } : undefined;
}
