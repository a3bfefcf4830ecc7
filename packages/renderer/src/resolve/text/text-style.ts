/**
 * The attributes of a text element the renderer reads (the builder writes them; see README "Text").
 * A builder text has a box: `data-width` (at least 20), with `data-x`/`data-y` its top-left corner.
 * Without `data-width` a text is drawn where plain SVG would draw it (x/y baseline, text-anchor).
 */
import { BUILDER, RENDERER, parseFontWeight } from '@adloom/template';
import { parseLength } from '../template.js';
import { presentation } from '../style.js';
import { attr, type XmlElement } from '../xml.js';
import type { TextFit } from './fit.js';

export type TextAlign = 'left' | 'center' | 'right' | 'justify';

/** fabric.js's default line height, which builder texts start with. */
export const DEFAULT_LINE_HEIGHT = 1.16;

/** How to set a text: font, size, alignment and, for builder texts, its box. */
export interface TextStyle {
  family: string;
  weight: number;
  italic: boolean;
  size: number;
  align: TextAlign;
  /** A multiple of the font size, as fabric.js's lineHeight. */
  lineHeight: number;
  /** The builder's box; undefined for plain SVG text. */
  box: { x: number; y: number; width: number } | undefined;
  /** The auto-fit rule of a builder text (`data-height` and `data-min-font-size`, both); absent without it. */
  fit?: TextFit;
}

/** The first family of a CSS font-family list, without quotes. */
export function firstFontFamily(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const first = value
    .split(',')[0]!
    .trim()
    .replace(/^(['"])(.*)\1$/, '$2')
    .trim();
  return first === '' ? undefined : first;
}

function readAlign(node: XmlElement): TextAlign {
  const explicit = attr(node, 'data-align')?.trim().toLowerCase();
  if (explicit === 'left' || explicit === 'center' || explicit === 'right' || explicit === 'justify')
    return explicit;
  const anchor = presentation(node, 'text-anchor')?.trim().toLowerCase();
  if (anchor === 'middle') return 'center';
  if (anchor === 'end') return 'right';
  if (anchor === 'start') return 'left';
  // The builder's default alignment (spec section 9) for builder texts; SVG's (start) for plain ones.
  return attr(node, 'data-width') === undefined ? 'left' : 'center';
}

/** A builder text's fit rule: both `data-height` and `data-min-font-size`, positive numbers, or none. */
function readFit(node: XmlElement): TextFit | undefined {
  const height = parseLength(attr(node, 'data-height'));
  const minSize = parseLength(attr(node, 'data-min-font-size'));
  if (height === undefined || minSize === undefined || !(height > 0) || !(minSize > 0)) return undefined;
  return { height, minSize };
}

/** Reads the text style of a <text> element, with the builder's defaults (spec section 9). */
export function readTextStyle(node: XmlElement): TextStyle {
  const { defaultFont } = BUILDER;
  const size = parseLength(presentation(node, 'font-size'));
  const weightText = presentation(node, 'font-weight');
  const style = presentation(node, 'font-style')?.trim().toLowerCase();
  const lineHeight = Number(attr(node, 'data-line-height'));
  const widthText = attr(node, 'data-width');
  const width = parseLength(widthText);
  const fit = widthText === undefined ? undefined : readFit(node);
  return {
    family: firstFontFamily(presentation(node, 'font-family')) ?? defaultFont.family,
    weight: (weightText === undefined ? undefined : parseFontWeight(weightText)) ?? defaultFont.weight,
    italic: style === 'italic' || style === 'oblique',
    size: size !== undefined && size > 0 ? size : defaultFont.size,
    align: readAlign(node),
    lineHeight: Number.isFinite(lineHeight) && lineHeight > 0 ? lineHeight : DEFAULT_LINE_HEIGHT,
    box:
      widthText === undefined
        ? undefined
        : {
            x: parseLength(attr(node, 'data-x')) ?? 0,
            y: parseLength(attr(node, 'data-y')) ?? 0,
            width: Math.max(RENDERER.textMinWidth, width ?? 0),
          },
    ...(fit ? { fit } : {}),
  };
}
