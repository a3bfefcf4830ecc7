/** The text box: a template string with {placeholders}, drawn in one font, wrapped to its box width. */
import { Textbox } from 'fabric';
import type { LayerKindDefinition } from '../kind.js';
import { fabricPaint } from '../shared/fabricPaint.js';
import { DEFAULT_TEXT, normalizeText } from './model.js';
import { readText, writeText } from './svg.js';

export { DEFAULT_TEXT, TEXT_MIN_WIDTH, textBoxHeight } from './model.js';

export const textKind: LayerKindDefinition<'text'> = {
  kind: 'text',
  defaultName: 'Text',
  defaults: {
    width: DEFAULT_TEXT.width,
    text: DEFAULT_TEXT.text,
    fontFamily: DEFAULT_TEXT.fontFamily,
    fontWeight: DEFAULT_TEXT.fontWeight,
    fontStyle: DEFAULT_TEXT.fontStyle,
    fontSize: DEFAULT_TEXT.fontSize,
    textAlign: DEFAULT_TEXT.textAlign,
    lineHeight: DEFAULT_TEXT.lineHeight,
    fill: DEFAULT_TEXT.fill,
    fit: null,
  },
  fields: [
    'text',
    'fontFamily',
    'fontWeight',
    'fontStyle',
    'fontSize',
    'textAlign',
    'lineHeight',
    'fill',
    'fit',
  ],
  derivedFields: ['height'],
  holdsPicture: false,
  recolourable: true,
  drawsText: true,
  paints: (layer) => [layer.fill],
  normalize: normalizeText,
  svgElements: ['text'],
  readSvg: readText,
  writeSvg: writeText,
  createFabricObject: (layer, context) =>
    new Textbox(layer.text, {
      width: layer.width,
      fontFamily: layer.fontFamily,
      fontWeight: layer.fontWeight,
      fontStyle: layer.fontStyle,
      fontSize: context.textSize(layer),
      textAlign: layer.textAlign,
      lineHeight: layer.lineHeight,
      fill: fabricPaint(layer.fill),
    }),
};
