/**
 * The layer kinds by kind (ARCHITECTURE.md, `layers/`): the one place the builder finds what a kind does.
 * The model, the SVG reader and writer and the fabric view look kinds up here.
 */
import type { LayerKind, ModelLayer } from '../model/types.js';
import { ellipseKind } from './ellipse/index.js';
import { groupKind } from './group/index.js';
import { imageKind } from './image/index.js';
import type { CommonFields } from '../svg/readParts.js';
import type { LayerKindDefinition } from './kind.js';
import { lineKind } from './line/index.js';
import { pathKind } from './path/index.js';
import { polygonKind } from './polygon/index.js';
import { ratingKind } from './rating/index.js';
import { rectKind } from './rect/index.js';
import { textKind } from './text/index.js';

export type { FabricContext, LayerKindDefinition, SvgReadContext, SvgWriteContext } from './kind.js';
export { DEFAULT_SHAPE_FILL } from './shared/shapeStyle.js';
export { DEFAULT_RATING, DEFAULT_STAR_COLORS, checkRatingValue } from './rating/index.js';
export { DEFAULT_TEXT, TEXT_MIN_WIDTH, textBoxHeight } from './text/index.js';

/** Every kind, keyed by kind. */
export const LAYER_KIND_DEFINITIONS: { readonly [K in LayerKind]: LayerKindDefinition<K> } = {
  rect: rectKind,
  ellipse: ellipseKind,
  line: lineKind,
  polygon: polygonKind,
  path: pathKind,
  image: imageKind,
  text: textKind,
  rating: ratingKind,
  group: groupKind,
};

/** The definition of a layer's kind (typed for any layer: its methods take the layer given). */
export function kindOf(layer: Pick<ModelLayer, 'kind'>): LayerKindDefinition {
  return LAYER_KIND_DEFINITIONS[layer.kind] as LayerKindDefinition;
}

/** The definition of a kind by name. */
export function kindNamed(kind: LayerKind): LayerKindDefinition {
  return LAYER_KIND_DEFINITIONS[kind] as LayerKindDefinition;
}

/** Kinds that claim an element before the others reading the same one (the rating's rect). */
const READ_ORDER = Object.values(LAYER_KIND_DEFINITIONS).sort(
  (a, b) => Number(b.claims !== undefined) - Number(a.claims !== undefined),
) as LayerKindDefinition[];

/** The kind that reads an element (by its local name), or undefined when the builder cannot edit it. */
export function kindReading(elementName: string, common: CommonFields): LayerKindDefinition | undefined {
  return READ_ORDER.find(
    (definition) => definition.svgElements.includes(elementName) && (definition.claims?.(common) ?? true),
  );
}
