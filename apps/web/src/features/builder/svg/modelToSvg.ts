/**
 * modelToSvg: the template SVG of a model (template-format.md). Plain SVG 1.1: the canvas background,
 * the gradients and clip paths layers use, one element per layer, and the builder document in
 * <metadata> through packages/template's writeBuilderMetadata. Nothing editor-only is written beyond a
 * few `data-` attributes the renderer passes over (locked, the rating's preview value, an image's own size).
 *
 * How layers are written (each kind's element: layers/<kind>):
 * - canvas background: a full-size <rect> without an id, the first thing drawn; it is the document's
 *   backgroundColor and no layer (svgToModel takes it back as that).
 * - rect, ellipse, image, text, rating: drawn at their position; when turned, scaled or mirrored, drawn
 *   at (0, 0) with the builder's transform (transform.ts). line, polygon, path and group: content in the
 *   local box, always placed by the transform.
 * - image slots and the other dynamic image layers: the <rect> or <image> with the slot's id; the renderer
 *   fills its box. No placeholder element beside it.
 * - rating: <rect id="RATING"> with fill (filled stars) and data-empty-fill, as the renderer reads it.
 * - text: <text> with the template string in `title` (and as its text, for plain viewers) and the box in
 *   data-x, data-y, data-width, data-align, data-line-height, font-family, font-weight, font-style, font-size;
 *   a text with auto-fit also has data-height and data-min-font-size (none without it).
 */
import {
  createBuilderDocument,
  createBuilderLayer,
  formatSvgNumber,
  writeBuilderMetadata,
} from '@adloom/template';
import { kindOf } from '../layers/index.js';
import { allLayers, usedDefinitions, type BuilderModel, type ModelLayer } from '../model/index.js';
import { element } from './writeParts.js';
import { attributes } from './xmlText.js';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

/** A layer's element, written by its kind; a group's members one level deeper. */
function layerElement(layer: ModelLayer, depth: number): string {
  return kindOf(layer).writeSvg(layer, { depth, writeMember: (member) => layerElement(member, depth + 1) });
}

/** The builder document stored in <metadata>: the settings and every layer's id, layer data and text. */
function builderDocument(model: BuilderModel) {
  return createBuilderDocument({
    name: model.name,
    width: model.width,
    height: model.height,
    backgroundColor: model.backgroundColor,
    constrainProportions: model.constrainProportions,
    layers: allLayers(model.layers).map((layer) =>
      createBuilderLayer(layer.id, { ...layer.data, text: layer.kind === 'text' ? layer.text : null }),
    ),
  });
}

/** The template SVG of a model; the same model always gives the same text. */
export function modelToSvg(model: BuilderModel): string {
  const definitions = usedDefinitions(model.layers, model.definitions);
  const lines = [
    `<svg${attributes([
      ['xmlns', SVG_NAMESPACE],
      ['xmlns:xlink', XLINK_NAMESPACE],
      ['width', model.width],
      ['height', model.height],
      ['viewBox', `0 0 ${formatSvgNumber(model.width)} ${formatSvgNumber(model.height)}`],
    ])}>`,
    ...(definitions.length === 0
      ? []
      : [`<defs>${definitions.map((definition) => definition.markup).join('')}</defs>`]),
    element('rect', [
      ['width', model.width],
      ['height', model.height],
      ['fill', model.backgroundColor],
    ]),
    ...model.layers.map((layer) => layerElement(layer, 0)),
    '</svg>',
  ];
  return writeBuilderMetadata(lines.join('\n'), builderDocument(model));
}
