/**
 * The builder's layer data (spec section 3, "Layer data") and its mapping to and from layer ids.
 *
 * The id carries every field that changes what the renderer or the server does; `name` and `thumbnail`
 * live only in the builder's <metadata> document. Fields that do not apply to a layer's role (a sale
 * flag on an image slot, slideshow timing on a plain image) are not carried and read back as defaults:
 * the builder does not offer them for that role.
 */
import { BUILDER } from './constants.js';
import {
  defaultSlideshowOptions,
  defaultSlotFeatures,
  formatLayerId,
  isPlainLayerId,
  parseLayerId,
  uniqueLayerId,
  type HorizontalAlignment,
  type LayerIdInfo,
  type LegacyRole,
  type SlotFeatures,
  type VerticalAlignment,
} from './ids.js';

export const DYNAMIC_LAYER_TYPES = ['IMAGE', 'LOGO_MAIN', 'BLUR', 'COPY', 'SLIDESHOW', 'VIDEO'] as const;
export type DynamicLayerType = (typeof DYNAMIC_LAYER_TYPES)[number];
export const WIDGET_TYPES = ['RATING'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];
/** Label of each widget type shown in the builder. */
export const WIDGET_LABELS: Readonly<Record<WidgetType, string>> = { RATING: 'Star Rating' };

/** Layer data of spec section 3, plus slotNumber and slotName so that slot ids round-trip. */
export interface LayerData {
  name: string;
  dynamicLayerType: DynamicLayerType | null;
  dynamicLayerVerticalAlignment: VerticalAlignment;
  dynamicLayerHorizontalAlignment: HorizontalAlignment;
  widgetType: WidgetType | null;
  isContain: boolean;
  isSale: boolean;
  removeBackground: boolean;
  removeBorders: boolean;
  removeBordersHard: boolean;
  /** A small data URL shown in the layers panel. */
  thumbnail: string | null;
  isDynamicColor: boolean;
  /** The metadata key the colour comes from; null means inputs[0].color. */
  dynamicColorSource: string | null;
  stockLevelLessThan10: boolean;
  stockLevelLessThan50: boolean;
  slideDuration: number;
  transition: number;
  maxSlides: number;
  /** The nnn of MAIN_nnn (input order); null lets layerDataToId pick the next free number. */
  slotNumber: number | null;
  /** Set for a named slot (MAIN_SLOT:<name>;...); takes precedence over slotNumber. */
  slotName: string | null;
}

/** The part of the layer data that the id carries. */
export type LayerIdData = Omit<LayerData, 'name' | 'thumbnail'>;

/** Layer data with every field at its spec default: a plain layer. */
export function defaultLayerData(): LayerData {
  return {
    name: '',
    ...defaultLayerIdData(),
    thumbnail: null,
  };
}

function defaultLayerIdData(): LayerIdData {
  return {
    dynamicLayerType: null,
    dynamicLayerVerticalAlignment: 'MIDDLE',
    dynamicLayerHorizontalAlignment: 'CENTER',
    widgetType: null,
    isContain: false,
    isSale: false,
    removeBackground: false,
    removeBorders: false,
    removeBordersHard: false,
    isDynamicColor: false,
    dynamicColorSource: null,
    stockLevelLessThan10: false,
    stockLevelLessThan50: false,
    ...BUILDER.slideshow,
    slotNumber: null,
    slotName: null,
  };
}

function slotFeaturesToData(features: SlotFeatures): Partial<LayerIdData> {
  const { media } = features;
  return {
    dynamicLayerType: media.type,
    isContain: features.isContain,
    dynamicLayerHorizontalAlignment: features.horizontalAlignment,
    dynamicLayerVerticalAlignment: features.verticalAlignment,
    removeBackground: features.removeBackground,
    removeBorders: features.removeBorders,
    removeBordersHard: features.removeBordersHard,
    ...(media.type === 'IMAGE' ? {} : media.options),
  };
}

function legacyRoleToData(role: LegacyRole, id: string): Partial<LayerIdData> {
  switch (role) {
    case 'slot':
      return { dynamicLayerType: 'IMAGE', isContain: id.includes('CONTAIN') };
    case 'logo':
      return { dynamicLayerType: 'LOGO_MAIN' };
    case 'sale':
      return { isSale: true };
    case 'stockLevelLessThan10':
      return { stockLevelLessThan10: true };
    case 'stockLevelLessThan50':
      return { stockLevelLessThan50: true };
  }
}

/** The layer data an id carries; fields the id does not speak of are at their defaults. */
export function idToLayerData(id: string): LayerIdData {
  const info = parseLayerId(id);
  const data = defaultLayerIdData();
  switch (info.kind) {
    case 'slot':
      return { ...data, ...slotFeaturesToData(info.features), slotNumber: info.number };
    case 'namedSlot':
      return { ...data, ...slotFeaturesToData(info.features), slotName: info.name };
    case 'blur':
      return { ...data, dynamicLayerType: 'BLUR' };
    case 'copy':
      return { ...data, dynamicLayerType: 'COPY' };
    case 'logo':
      return { ...data, dynamicLayerType: 'LOGO_MAIN' };
    case 'rating':
      return { ...data, widgetType: 'RATING' };
    case 'flags':
      return {
        ...data,
        isSale: info.sale,
        stockLevelLessThan10: info.stockLevelLessThan10,
        stockLevelLessThan50: info.stockLevelLessThan50,
        isDynamicColor: info.color !== null,
        dynamicColorSource: info.color?.source ?? null,
      };
    case 'legacy':
      return { ...data, ...legacyRoleToData(info.role, id) };
    case 'plain':
      return data;
  }
}

function layerDataToInfo(data: LayerIdData, plainId: string): LayerIdInfo {
  switch (data.dynamicLayerType) {
    case 'IMAGE':
    case 'SLIDESHOW':
    case 'VIDEO': {
      const features: SlotFeatures = {
        ...defaultSlotFeatures(),
        media:
          data.dynamicLayerType === 'IMAGE'
            ? { type: 'IMAGE' }
            : {
                type: data.dynamicLayerType,
                options: {
                  ...defaultSlideshowOptions(),
                  slideDuration: data.slideDuration,
                  transition: data.transition,
                  maxSlides: data.maxSlides,
                },
              },
        isContain: data.isContain,
        horizontalAlignment: data.dynamicLayerHorizontalAlignment,
        verticalAlignment: data.dynamicLayerVerticalAlignment,
        removeBackground: data.removeBackground,
        removeBorders: data.removeBorders,
        removeBordersHard: data.removeBordersHard,
      };
      if (data.slotName !== null) return { kind: 'namedSlot', name: data.slotName, features };
      // Slot 0 is a placeholder: uniqueLayerId below moves it after the highest number in use.
      return { kind: 'slot', number: data.slotNumber ?? 0, features };
    }
    case 'BLUR':
      return { kind: 'blur', suffix: null };
    case 'COPY':
      return { kind: 'copy', suffix: null };
    case 'LOGO_MAIN':
      return { kind: 'logo', suffix: null };
    case null:
      break;
  }
  if (data.widgetType === 'RATING') return { kind: 'rating', suffix: null };
  if (data.isSale || data.stockLevelLessThan10 || data.stockLevelLessThan50 || data.isDynamicColor) {
    return {
      kind: 'flags',
      sale: data.isSale,
      stockLevelLessThan10: data.stockLevelLessThan10,
      stockLevelLessThan50: data.stockLevelLessThan50,
      color: data.isDynamicColor ? { source: data.dynamicColorSource } : null,
      suffix: null,
    };
  }
  if (!isPlainLayerId(plainId)) {
    throw new RangeError(`'${plainId}' would give the layer a dynamic meaning; choose another plain id`);
  }
  return { kind: 'plain', id: plainId };
}

/** Options of layerDataToId. */
export interface LayerDataToIdOptions {
  /** Ids of the other layers in the document; the result differs from all of them. */
  taken?: Iterable<string>;
  /** Id for a layer without a dynamic role (default 'layer'); must not look dynamic. */
  plainId?: string;
}

/**
 * The canonical, unique id that carries this layer data. A slot without slotNumber (or whose number is
 * taken) gets the number after the highest in use; other roles get an `_n` suffix when needed.
 */
export function layerDataToId(data: LayerIdData, options: LayerDataToIdOptions = {}): string {
  const info = layerDataToInfo(data, options.plainId ?? 'layer');
  const taken = [...(options.taken ?? [])];
  if (info.kind === 'slot' && data.slotNumber === null) {
    const numbers = taken.map(parseLayerId).flatMap((other) => (other.kind === 'slot' ? [other.number] : []));
    return formatLayerId({ ...info, number: Math.max(0, ...numbers) + 1 });
  }
  return uniqueLayerId(formatLayerId(info), taken);
}
