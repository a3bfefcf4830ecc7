/**
 * Rule 10 of the renderer sequence: RATING layers become five stars filled to the rating.
 *
 * Scale: rating_scale_min and rating_scale_max (defaults 1 and 5); a rating outside them throws
 * 'Rating must be between {min} and {max}'; no rating_value removes the layer. The stars fill
 * `5 × rating / max` of the way, so 3.5 of 5 fills three and a half stars.
 * Size (spec section 9, reference width 223, factor 1.2): the builder's widget is 223 units wide at
 * scale 1 and draws 32-unit stars at 1.2 ×, so a star is `32 × 1.2 × box width / 223` units (about a
 * sixth of the box), on a pitch of a fifth of the box, centred vertically; never taller than the box.
 * Colours: the layer's `fill` for the filled part (default #FFB400), `data-empty-fill` for the rest
 * (default #D9D9D9).
 */
import {
  RENDERER,
  RENDERER_ERRORS,
  formatSvgNumber,
  isMissingValue,
  isRatingLayerId,
  ownMetadataValue,
  parseMetadataNumber,
  type Metadata,
} from '@adloom/template';
import type { RuleContext } from '../context.js';
import { RendererError } from '../errors.js';
import { findLayerBox, replaceLayer, type LayerBox } from '../layer.js';
import { presentation } from '../style.js';
import { attr, element, rewrite, type XmlElement } from '../xml.js';
import { isColorValue } from './recolour.js';

export const STAR_COUNT = 5;
/** The star size the builder's widget draws at scale 1, before the spec's 1.2 factor. */
export const BASE_STAR_SIZE = 32;
export const DEFAULT_STAR_FILL = '#FFB400';
export const DEFAULT_STAR_EMPTY_FILL = '#D9D9D9';

/** The rating and its scale read from metadata; undefined when there is no rating value. */
export interface Rating {
  value: number;
  min: number;
  max: number;
}

function scaleBound(metadata: Metadata, key: string, fallback: number): number {
  const value = ownMetadataValue(metadata, key);
  if (isMissingValue(value) || typeof value === 'boolean') return fallback;
  return parseMetadataNumber(value as string | number) ?? fallback;
}

/** Reads rating_value and its scale; throws 'Rating must be between {min} and {max}' when outside. */
export function readRating(metadata: Metadata): Rating | undefined {
  const raw = ownMetadataValue(metadata, 'rating_value');
  if (isMissingValue(raw)) return undefined;
  const min = scaleBound(metadata, 'rating_scale_min', RENDERER.rating.scaleMin);
  const max = scaleBound(metadata, 'rating_scale_max', RENDERER.rating.scaleMax);
  const value = typeof raw === 'boolean' ? undefined : parseMetadataNumber(raw as string | number);
  if (value === undefined || !(value >= min && value <= max) || max <= 0) {
    throw new RendererError(RENDERER_ERRORS.ratingOutOfScale(min, max), `rating_value is ${String(raw)}`);
  }
  return { value, min, max };
}

/** How full each star is, 0 to 1, for a rating. */
export function starFills(rating: Rating): number[] {
  const filled = (STAR_COUNT * rating.value) / rating.max;
  return Array.from({ length: STAR_COUNT }, (_, index) => Math.min(1, Math.max(0, filled - index)));
}

/** Path data of a five-pointed star whose bounding box is `size` wide, centred on (cx, cy). */
export function starPath(cx: number, cy: number, size: number): string {
  const outer = size / (2 * Math.sin((72 * Math.PI) / 180));
  const inner = outer * 0.381966; // the regular pentagram's ratio
  // The circle's centre sits below the bounding box's centre by half the difference of top and bottom.
  const offsetY = (outer - outer * Math.cos((36 * Math.PI) / 180)) / 2;
  const points = Array.from({ length: 10 }, (_, index) => {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = ((-90 + index * 36) * Math.PI) / 180;
    return `${formatSvgNumber(cx + radius * Math.cos(angle))} ${formatSvgNumber(cy + offsetY + radius * Math.sin(angle))}`;
  });
  return `M${points.join('L')}Z`;
}

/**
 * What the rule does with a RATING layer: draws the stars in its box, or removes it because the item
 * has no rating value (`no-rating`) or the layer has no box (`no-box`). layerPresence reads the same
 * (passing the box it found once per template).
 */
export function ratingLayerFate(
  layer: XmlElement,
  rating: Rating | undefined,
  box: LayerBox | undefined = findLayerBox(layer),
): { removed: 'no-rating' | 'no-box' } | { box: LayerBox; rating: Rating } {
  if (rating === undefined) return { removed: 'no-rating' };
  return box ? { box, rating } : { removed: 'no-box' };
}

/** Fills RATING layers with stars, or removes them when there is no rating value. */
export function addRating(root: XmlElement, context: RuleContext): XmlElement {
  let read: Rating | undefined | null = null;
  return rewrite(root, (node) => {
    const id = attr(node, 'id');
    if (id === undefined || !isRatingLayerId(id)) return undefined;
    // Read once, and only when the template has a rating layer.
    if (read === null) read = readRating(context.request.metadata);
    const fate = ratingLayerFate(node, read);
    if ('removed' in fate) {
      if (fate.removed === 'no-box')
        context.warn(`Layer ${id} is removed: it has no <rect> or <image> box for the stars`);
      return null;
    }
    const { box, rating } = fate;
    const fill = presentation(node, 'fill');
    const filledColor =
      fill !== undefined && isColorValue(fill) && fill !== 'none' ? fill : DEFAULT_STAR_FILL;
    const empty = attr(node, 'data-empty-fill');
    const emptyColor = empty !== undefined && isColorValue(empty) ? empty : DEFAULT_STAR_EMPTY_FILL;
    const pitch = box.width / STAR_COUNT;
    const scaledSize =
      (BASE_STAR_SIZE * RENDERER.rating.starSizeFactor * box.width) / RENDERER.rating.starReferenceWidth;
    const size = Math.min(scaledSize, box.height, pitch);
    const cy = box.y + box.height / 2;
    const stars = starFills(rating).flatMap((fraction, index) => {
      const cx = box.x + pitch * (index + 0.5);
      const d = starPath(cx, cy, size);
      const parts = [element('path', { d, fill: emptyColor, stroke: 'none' })];
      if (fraction <= 0) return parts;
      let clip: string | undefined;
      const extra: XmlElement[] = [];
      if (fraction < 1) {
        const clipId = context.newId('star');
        clip = `url(#${clipId})`;
        const left = cx - size / 2;
        extra.push(
          element('clipPath', { id: clipId }, [
            element('rect', {
              x: formatSvgNumber(left),
              y: formatSvgNumber(cy - size),
              width: formatSvgNumber(size * fraction),
              height: formatSvgNumber(size * 2),
            }),
          ]),
        );
      }
      return [
        ...parts,
        ...extra,
        element('path', { d, fill: filledColor, stroke: 'none', 'clip-path': clip }),
      ];
    });
    return replaceLayer(node, box, [
      element('g', { 'aria-label': `Rating ${rating.value} of ${rating.max}` }, stars),
    ]);
  });
}
