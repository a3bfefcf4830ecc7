/**
 * modelToSvg: the template SVG of a model (template-format.md). Plain SVG 1.1: the canvas background,
 * the gradients and clip paths layers use, one element per layer, and the builder document in
 * <metadata> through packages/template's writeBuilderMetadata. Nothing editor-only is written beyond a
 * few `data-` attributes the renderer passes over (locked, the rating's preview value, an image's own size).
 *
 * How layers are written:
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
import {
  DEFAULT_RATING,
  allLayers,
  usedDefinitions,
  type BuilderModel,
  type ModelLayer,
  type ShapeStyle,
} from '../model/index.js';
import { formatLayerTransform, isUntransformed } from './transform.js';
import { attributes, escapeText } from './xmlText.js';

type Attribute = readonly [string, string | number | undefined];

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

function shapePaint(layer: ShapeStyle, writeNoFill: boolean): Attribute[] {
  return [
    ['fill', layer.fill ?? (writeNoFill ? 'none' : undefined)],
    ['stroke', layer.stroke ?? undefined],
    ['stroke-width', layer.strokeWidth === 1 ? undefined : layer.strokeWidth],
  ];
}

/** Attributes every layer may have, written after its own. */
function look(layer: ModelLayer, transform: string | undefined): Attribute[] {
  return [
    ['opacity', layer.opacity === 1 ? undefined : layer.opacity],
    ['clip-path', layer.clipPath === null ? undefined : `url(#${layer.clipPath})`],
    ['transform', transform],
    ['display', layer.hidden ? 'none' : undefined],
    ['data-locked', layer.locked ? 'true' : undefined],
  ];
}

/** Where a box-drawn layer draws its corner, and its transform. */
function boxPlacement(layer: ModelLayer): { x: number; y: number; transform: string | undefined } {
  return isUntransformed(layer)
    ? { x: layer.left, y: layer.top, transform: undefined }
    : { x: 0, y: 0, transform: formatLayerTransform(layer) };
}

/** The transform of a layer whose content is in its local box; none when that is the parent's. */
function contentTransform(layer: ModelLayer): string | undefined {
  return isUntransformed(layer) && layer.left === 0 && layer.top === 0
    ? undefined
    : formatLayerTransform(layer);
}

const nonZero = (value: number): number | undefined => (value === 0 ? undefined : value);

function element(name: string, values: Attribute[], content?: string): string {
  return content === undefined
    ? `<${name}${attributes(values)}/>`
    : `<${name}${attributes(values)}>${content}</${name}>`;
}

function layerElement(layer: ModelLayer, depth: number): string {
  switch (layer.kind) {
    case 'rect': {
      const at = boxPlacement(layer);
      return element('rect', [
        ['id', layer.id],
        ['x', nonZero(at.x)],
        ['y', nonZero(at.y)],
        ['width', layer.width],
        ['height', layer.height],
        ['rx', nonZero(layer.rx)],
        ['ry', layer.ry === layer.rx ? undefined : layer.ry],
        ...shapePaint(layer, true),
        ...look(layer, at.transform),
      ]);
    }
    case 'ellipse': {
      const at = boxPlacement(layer);
      return element('ellipse', [
        ['id', layer.id],
        ['cx', at.x + layer.width / 2],
        ['cy', at.y + layer.height / 2],
        ['rx', layer.width / 2],
        ['ry', layer.height / 2],
        ...shapePaint(layer, true),
        ...look(layer, at.transform),
      ]);
    }
    case 'line':
      return element('line', [
        ['id', layer.id],
        ['x1', layer.x1],
        ['y1', layer.y1],
        ['x2', layer.x2],
        ['y2', layer.y2],
        ...shapePaint(layer, false),
        ...look(layer, contentTransform(layer)),
      ]);
    case 'polygon':
      return element('polygon', [
        ['id', layer.id],
        [
          'points',
          layer.points.map((point) => `${formatSvgNumber(point.x)},${formatSvgNumber(point.y)}`).join(' '),
        ],
        ...shapePaint(layer, true),
        ...look(layer, contentTransform(layer)),
      ]);
    case 'path':
      return element('path', [
        ['id', layer.id],
        ['d', layer.d],
        ...shapePaint(layer, true),
        ...look(layer, contentTransform(layer)),
      ]);
    case 'image': {
      const at = boxPlacement(layer);
      return element('image', [
        ['id', layer.id],
        ['x', nonZero(at.x)],
        ['y', nonZero(at.y)],
        ['width', layer.width],
        ['height', layer.height],
        ['xlink:href', layer.href ?? undefined],
        // fabric.js stretches a picture to its box; a slot's placement is the renderer's.
        ['preserveAspectRatio', layer.href === null ? undefined : 'none'],
        ['data-natural-width', layer.naturalWidth ?? undefined],
        ['data-natural-height', layer.naturalHeight ?? undefined],
        ...look(layer, at.transform),
      ]);
    }
    case 'text': {
      const at = boxPlacement(layer);
      return element(
        'text',
        [
          ['id', layer.id],
          ['title', layer.text],
          ['data-x', at.x],
          ['data-y', at.y],
          ['data-width', layer.width],
          ['data-align', layer.textAlign],
          ['data-line-height', layer.lineHeight],
          ['data-height', layer.fit?.height],
          ['data-min-font-size', layer.fit?.minFontSize],
          ['font-family', layer.fontFamily],
          ['font-weight', layer.fontWeight],
          ['font-style', layer.fontStyle === 'italic' ? 'italic' : undefined],
          ['font-size', layer.fontSize],
          ['fill', layer.fill ?? 'none'],
          ...look(layer, at.transform),
        ],
        escapeText(layer.text),
      );
    }
    case 'rating': {
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
    }
    case 'group': {
      const indent = '\n' + '  '.repeat(depth);
      const children = layer.children.map((child) => `${indent}  ${layerElement(child, depth + 1)}`).join('');
      return element(
        'g',
        [['id', layer.id], ...look(layer, contentTransform(layer))],
        `${children}${indent}`,
      );
    }
  }
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
