/**
 * Which fields of the spec's Layer data (section 3) a layer offers, and how a layer's role is named in
 * the panels. Pure: it follows template-format.md section 2, so a field is offered only when the layer's
 * id can carry it (anything else would read back as its default after saving).
 */
import { DYNAMIC_LAYER_TYPES, WIDGET_LABELS, type DynamicLayerType, type LayerData } from '@adloom/template';
import type { LayerKind } from '../../model/index.js';
import { kindNamed } from '../../layers/index.js';

/** What a marketer reads for each dynamic layer type. */
export const DYNAMIC_LAYER_TYPE_LABELS: Readonly<Record<DynamicLayerType, string>> = {
  IMAGE: 'Image slot',
  SLIDESHOW: 'Slideshow slot',
  VIDEO: 'Video slot',
  LOGO_MAIN: 'Logo',
  BLUR: 'Blurred background',
  COPY: 'Copy of first image',
};

/** The groups of Layer data fields a layer offers. */
export interface LayerDataFields {
  /** The dynamic layer types it may take (besides none); empty when it may not be dynamic. */
  dynamicLayerTypes: readonly DynamicLayerType[];
  /** The widget type, shown for the rating widget only (it is fixed by the layer's kind). */
  widgetType: boolean;
  /** Alignment, contain and background or border removal: an input-image slot. */
  slot: boolean;
  /** slideDuration, transition, maxSlides: a slideshow or video slot. */
  slideshow: boolean;
  /** isSale and the two stock-level flags: conditional visibility. */
  conditions: boolean;
  /** isDynamicColor and dynamicColorSource. */
  dynamicColor: boolean;
}

type RoleSource = { kind: LayerKind; data: LayerData };

function isSlotType(type: DynamicLayerType | null): type is 'IMAGE' | 'SLIDESHOW' | 'VIDEO' {
  return type === 'IMAGE' || type === 'SLIDESHOW' || type === 'VIDEO';
}

/** The Layer data fields that mean something for this layer's kind and role. */
export function layerDataFields({ kind, data }: RoleSource): LayerDataFields {
  const type = data.dynamicLayerType;
  const plain = type === null && data.widgetType === null;
  return {
    dynamicLayerTypes: kindNamed(kind).holdsPicture ? DYNAMIC_LAYER_TYPES : [],
    widgetType: kindNamed(kind).fixedData?.widgetType !== undefined,
    slot: isSlotType(type),
    slideshow: type === 'SLIDESHOW' || type === 'VIDEO',
    conditions: plain,
    dynamicColor: plain && kindNamed(kind).recolourable,
  };
}

/**
 * Short role names for the layers panel's badges; empty for a plain layer. `roleLabel`: the layer's role
 * label ('Product image 1 (fit)', roleLabels.ts), shown for a dynamic layer instead of its type's name.
 */
export function roleBadges({ data }: RoleSource, roleLabel: string | null = null): string[] {
  const badges: string[] = [];
  if (data.dynamicLayerType !== null)
    badges.push(roleLabel ?? DYNAMIC_LAYER_TYPE_LABELS[data.dynamicLayerType]);
  if (data.widgetType === 'RATING') badges.push('Rating');
  if (data.isSale) badges.push('Sale');
  if (data.stockLevelLessThan10) badges.push('Stock < 10');
  if (data.stockLevelLessThan50) badges.push('Stock < 50');
  if (data.isDynamicColor) badges.push('Dynamic colour');
  return badges;
}

/** The label of the rating widget type (spec section 3: 'Star Rating'). */
export const RATING_WIDGET_LABEL = WIDGET_LABELS.RATING;
