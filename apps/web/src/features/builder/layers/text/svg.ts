/**
 * The text box in the SVG: `<text>` with the template string in `title` (and as its text, for plain
 * viewers) and the box in data-x, data-y, data-width, data-align, data-line-height, font-family,
 * font-weight, font-style, font-size; a text with auto-fit also has data-height and data-min-font-size.
 */
import type { XmlElement } from '@adloom/renderer/xml';
import { parseFontWeight } from '@adloom/template';
import type { TextAlign, TextFit, TextLayer } from '../../model/types.js';
import {
  attr,
  geometryOf,
  length,
  presentation,
  readPaint,
  textOf,
  type CommonFields,
} from '../../svg/readParts.js';
import { boxPlacement, element, look } from '../../svg/writeParts.js';
import { escapeText } from '../../svg/xmlText.js';
import { DEFAULT_TEXT, textBoxHeight } from './model.js';

function readTextAlign(node: XmlElement): TextAlign {
  const explicit = attr(node, 'data-align')?.trim().toLowerCase();
  if (explicit === 'left' || explicit === 'center' || explicit === 'right' || explicit === 'justify')
    return explicit;
  const anchor = presentation(node, 'text-anchor')?.toLowerCase();
  if (anchor === 'start') return 'left';
  if (anchor === 'end') return 'right';
  // The builder's default alignment (spec section 9), as the renderer reads a box text without one.
  return 'center';
}

function firstFontFamily(value: string | undefined): string | undefined {
  const first = value
    ?.split(',')[0]
    ?.trim()
    .replace(/^(['"])(.*)\1$/, '$2')
    .trim();
  return first === undefined || first === '' ? undefined : first;
}

/** The auto-fit rule: data-height and data-min-font-size together, as the renderer reads them; else none. */
function readTextFit(node: XmlElement): TextFit | null {
  const height = length(attr(node, 'data-height'));
  const minFontSize = length(attr(node, 'data-min-font-size'));
  return height !== undefined && minFontSize !== undefined && height > 0 && minFontSize > 0
    ? { height, minFontSize }
    : null;
}

/** The text layer of a `<text>` the builder wrote (one without a box was not). */
export function readText(node: XmlElement, common: CommonFields): TextLayer {
  const width = length(attr(node, 'data-width'));
  if (width === undefined) {
    throw new Error(
      `The text ${common.id} has no box (data-width): it was not written by the template builder`,
    );
  }
  const text = attr(node, 'title') ?? textOf(node);
  const fontSize = length(presentation(node, 'font-size')) ?? DEFAULT_TEXT.fontSize;
  const lineHeight = Number(attr(node, 'data-line-height') ?? DEFAULT_TEXT.lineHeight);
  const style = presentation(node, 'font-style')?.toLowerCase();
  const weight = presentation(node, 'font-weight');
  const origin = { x: length(attr(node, 'data-x')) ?? 0, y: length(attr(node, 'data-y')) ?? 0 };
  return {
    ...common,
    ...geometryOf(node, origin, width, textBoxHeight(text, fontSize, lineHeight)),
    kind: 'text',
    text,
    fontFamily: firstFontFamily(presentation(node, 'font-family')) ?? DEFAULT_TEXT.fontFamily,
    fontWeight: (weight === undefined ? undefined : parseFontWeight(weight)) ?? DEFAULT_TEXT.fontWeight,
    fontStyle: style === 'italic' || style === 'oblique' ? 'italic' : 'normal',
    fontSize,
    textAlign: readTextAlign(node),
    lineHeight,
    fill: readPaint(node, 'fill', '#000000'),
    fit: readTextFit(node),
  };
}

/** The `<text>` of a text layer. */
export function writeText(layer: TextLayer): string {
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
