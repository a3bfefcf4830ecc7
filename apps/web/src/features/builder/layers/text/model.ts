/** The text box in the model: its defaults, its height and bringing it into the model's form. */
import { BUILDER, parseFontWeight, stripXmlInvalidChars } from '@adloom/template';
import { nonNegativeLength, normalizePaint, positiveFactor } from '../../model/normalize.js';
import { roundLength } from '../../model/numbers.js';
import type { TextAlign, TextFit, TextLayer } from '../../model/types.js';

/** Default text (spec section 9): Open Sans, 64, weight 400, centred; fabric.js's line height 1.16. */
export const DEFAULT_TEXT = {
  text: 'Text',
  fontFamily: BUILDER.defaultFont.family,
  fontSize: BUILDER.defaultFont.size,
  fontWeight: BUILDER.defaultFont.weight,
  fontStyle: 'normal',
  textAlign: BUILDER.defaultFont.textAlign,
  lineHeight: 1.16,
  fill: '#000000',
  width: 400,
} as const;

/** fabric.js's font size multiplier: a line is `size × lineHeight × 1.13` high (renderer layout.ts). */
const FONT_SIZE_MULT = 1.13;
/** The text box's minimum width (spec section 9). */
export const TEXT_MIN_WIDTH = 20;
export const TEXT_ALIGNS: readonly TextAlign[] = ['left', 'center', 'right', 'justify'];

/**
 * The height of a text box holding the template string's own lines, as fabric.js measures it: every
 * line but the last `size × lineHeight × 1.13`, the last `size × 1.13`. Wrapped lines are the view's.
 */
export function textBoxHeight(text: string, fontSize: number, lineHeight: number): number {
  const lines = text.split(/\r\n|\r|\n/).length;
  return roundLength(fontSize * FONT_SIZE_MULT * (lineHeight * (lines - 1) + 1));
}

/** A text's fit rule in the model's form: null when off; both sizes above 0, rounded as lengths. */
function normalizeFit(fit: TextFit | null | undefined): TextFit | null {
  if (fit === null || fit === undefined) return null;
  const height = nonNegativeLength(fit.height, 'fit height');
  const minFontSize = nonNegativeLength(fit.minFontSize, 'fit minFontSize');
  if (height === 0 || minFontSize === 0)
    throw new RangeError('A fit needs a height and a minimum size above 0');
  return { height, minFontSize };
}

/** The text in the model's form; its height follows from its lines. */
export function normalizeText(layer: TextLayer): TextLayer {
  const fontWeight = parseFontWeight(layer.fontWeight);
  if (fontWeight === undefined)
    throw new RangeError(`fontWeight must be 100 to 900 in hundreds, got ${layer.fontWeight}`);
  if (!TEXT_ALIGNS.includes(layer.textAlign))
    throw new RangeError(`textAlign must be one of ${TEXT_ALIGNS.join(', ')}`);
  if (layer.fontStyle !== 'normal' && layer.fontStyle !== 'italic') {
    throw new RangeError(`fontStyle must be normal or italic, got ${String(layer.fontStyle)}`);
  }
  if (typeof layer.fontFamily !== 'string' || layer.fontFamily.trim() === '') {
    throw new RangeError('fontFamily must name a font family');
  }
  const fontSize = nonNegativeLength(layer.fontSize, 'fontSize');
  if (fontSize === 0) throw new RangeError('fontSize must be above 0');
  const lineHeight = positiveFactor(layer.lineHeight, 'lineHeight');
  // A character XML cannot hold would make the saved template unreadable.
  const text = stripXmlInvalidChars(String(layer.text));
  return {
    ...layer,
    text,
    fontFamily: layer.fontFamily.trim(),
    fontWeight,
    fontSize,
    lineHeight,
    fill: normalizePaint(layer.fill, 'fill'),
    fit: normalizeFit(layer.fit),
    width: Math.max(TEXT_MIN_WIDTH, layer.width),
    height: textBoxHeight(text, fontSize, lineHeight),
  };
}
