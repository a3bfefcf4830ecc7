/**
 * The star-rating widget (RATING): five stars in its box. Written as `<rect id="RATING">` with fill (the
 * filled stars) and data-empty-fill, as the renderer reads it; the preview value in data-value.
 */
import { WIDGET_LABELS, isRatingLayerId } from '@adloom/template';
import type { RatingLayer } from '../../model/types.js';
import { attr, cornerOf, geometryOf, presentation, requiredLength } from '../../svg/readParts.js';
import { boxPlacement, element, look, nonZero } from '../../svg/writeParts.js';
import type { LayerKindDefinition } from '../kind.js';
import { createRatingStars } from './fabric.js';
import { DEFAULT_RATING, normalizeRating } from './model.js';

export { DEFAULT_RATING, DEFAULT_STAR_COLORS, checkRatingValue } from './model.js';

export const ratingKind: LayerKindDefinition<'rating'> = {
  kind: 'rating',
  defaultName: WIDGET_LABELS.RATING,
  defaults: {
    width: DEFAULT_RATING.width,
    height: DEFAULT_RATING.height,
    value: DEFAULT_RATING.value,
    filledColor: DEFAULT_RATING.filledColor,
    emptyColor: DEFAULT_RATING.emptyColor,
  },
  fixedData: { widgetType: 'RATING' },
  fields: ['value', 'filledColor', 'emptyColor'],
  derivedFields: [],
  holdsPicture: false,
  recolourable: false,
  drawsText: false,
  paints: (layer) => [layer.filledColor, layer.emptyColor],
  normalize: normalizeRating,
  svgElements: ['rect', 'image'],
  claims: (common) => isRatingLayerId(common.id),
  readSvg(node, common): RatingLayer {
    const geometry = geometryOf(
      node,
      cornerOf(node),
      requiredLength(node, 'width'),
      requiredLength(node, 'height'),
    );
    const value = attr(node, 'data-value');
    return {
      ...common,
      ...geometry,
      kind: 'rating',
      value: value === undefined ? DEFAULT_RATING.value : Number(value),
      filledColor: presentation(node, 'fill') ?? DEFAULT_RATING.filledColor,
      emptyColor: attr(node, 'data-empty-fill') ?? DEFAULT_RATING.emptyColor,
    };
  },
  writeSvg(layer) {
    const at = boxPlacement(layer);
    return element('rect', [
      ['id', layer.id],
      ['x', nonZero(at.x)],
      ['y', nonZero(at.y)],
      ['width', layer.width],
      ['height', layer.height],
      ['fill', layer.filledColor],
      ['data-empty-fill', layer.emptyColor],
      ['data-value', layer.value === DEFAULT_RATING.value ? undefined : layer.value],
      ...look(layer, at.transform),
    ]);
  },
  createFabricObject: createRatingStars,
};
