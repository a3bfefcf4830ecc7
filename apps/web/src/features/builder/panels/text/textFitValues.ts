/** What the auto-fit control starts a text with, and how it reads the size the canvas draws. */
import { roundLength, type TextFit, type TextLayer } from '../../model/index.js';

/** fabric.js's font size multiplier (a line is size × lineHeight × 1.13 high), as the renderer uses it. */
const FONT_SIZE_MULT = 1.13;

/**
 * The fit a text gets when auto-fit is turned on: a box two lines high at its size (or its own lines,
 * when more), so a text that fits now keeps its size, and a minimum of half its size.
 */
export function defaultTextFit(layer: TextLayer): TextFit {
  const twoLines = layer.fontSize * FONT_SIZE_MULT * (layer.lineHeight + 1);
  return {
    height: roundLength(Math.max(layer.height, twoLines)),
    minFontSize: Math.max(1, Math.round(layer.fontSize / 2)),
  };
}

/** The note under the fields: the size the text is drawn at, when known, and what happens at the minimum. */
export function fitNote(layer: TextLayer, drawnSize: number | undefined): string {
  const minimum = layer.fit?.minFontSize ?? layer.fontSize;
  const drawn =
    drawnSize === undefined
      ? 'Measuring…'
      : drawnSize < layer.fontSize
        ? `Shown at ${drawnSize} (of ${layer.fontSize}).`
        : `Shown at ${layer.fontSize}.`;
  return `${drawn} Longer texts shrink down to ${Math.min(minimum, layer.fontSize)}; below that, the lines that do not fit are left out and the last one ends with “…”.`;
}
