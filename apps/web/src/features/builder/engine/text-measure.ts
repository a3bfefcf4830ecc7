/**
 * The renderer's own measuring of texts with auto-fit, for the canvas (engine/text-fit.ts loads this module
 * when it first needs it: opentype.js is large, and most templates have no fitted text).
 */
import { fittedFontSize, type LoadedFace } from '@adloom/renderer';
import type { TextLayer } from '../model/index.js';

export { loadTextFonts } from '@adloom/renderer';

/** The size the renderer draws the layer's template string at, measured with `faces`; fontSize without a fit. */
export function fitSizeOf(layer: TextLayer, faces: readonly LoadedFace[]): number {
  if (layer.fit === null) return layer.fontSize;
  return fittedFontSize(
    [{ text: layer.text, superscript: false }],
    { width: layer.width, height: layer.fit.height },
    { size: layer.fontSize, lineHeight: layer.lineHeight, minSize: layer.fit.minFontSize },
    faces,
  );
}
