import { describe, expect, it } from 'vitest';
import { createTextLayer } from '../../model/index.js';
import {
  canShrink,
  fitToCanvasPatch,
  overflowMessage,
  shrinkToFitPatch,
  textOverflows,
  type DrawnTextBox,
  type TextOverflow,
} from './overflow.js';

const canvas = { width: 1080, height: 1080 };

/** A text drawn unturned at (left, top) in a box `width` wide, its lines `height` high. */
function drawnAt(left: number, top: number, width: number, height: number, fontSize = 64): DrawnTextBox {
  return { left, top, right: left + width, bottom: top + height, linesHeight: height, fontSize };
}

describe('text overflow', () => {
  it('finds nothing for a text inside the canvas', () => {
    const text = createTextLayer({ left: 100, top: 100, width: 400 });
    expect(textOverflows(text, drawnAt(100, 100, 400, 150), canvas)).toEqual([]);
  });

  it('names the edges a drawn text goes past, as raising its size would push it', () => {
    const text = createTextLayer({ left: 800, top: 900, width: 400 });
    const overflows = textOverflows(text, drawnAt(800, 900, 400, 300), canvas);
    expect(overflows).toEqual([{ kind: 'canvas', edges: ['right', 'bottom'] }]);
    expect(overflowMessage(overflows[0]!)).toBe(
      "The text goes past the canvas's right and bottom edges: that part is cut off the ad.",
    );
    const left = textOverflows(createTextLayer({ left: -20 }), drawnAt(-20, 10, 400, 80), canvas);
    expect(overflowMessage(left[0]!)).toBe(
      "The text goes past the canvas's left edge: that part is cut off the ad.",
    );
  });

  it('reads the bottom of a fitted text as its box: the renderer leaves the lines below it out', () => {
    const text = createTextLayer({ top: 900, fontSize: 40, fit: { height: 150, minFontSize: 40 } });
    // The canvas draws all 400 units of lines; the ad shows the first 150, inside the canvas.
    const drawn = drawnAt(0, 900, 400, 400, 40);
    expect(textOverflows(text, drawn, canvas)).toEqual([
      { kind: 'box', minFontSize: 40, linesHeight: 400, boxHeight: 150 },
    ]);
  });

  it('says a fitted text overflows its box only once it is drawn at the minimum size', () => {
    const text = createTextLayer({ fontSize: 80, fit: { height: 200, minFontSize: 30 } });
    // Shrunk to 50, it fits: nothing to say.
    expect(textOverflows(text, drawnAt(0, 0, 400, 190, 50), canvas)).toEqual([]);
    const atMinimum = textOverflows(text, drawnAt(0, 0, 400, 260, 30), canvas);
    expect(atMinimum).toHaveLength(1);
    expect(overflowMessage(atMinimum[0]!)).toBe(
      'The text does not fit its box even at the minimum size 30: the lines below the box are left out of the ad.',
    );
  });

  it('does not judge the box of a text with placeholders by its template string', () => {
    const fit = { height: 200, minFontSize: 30 };
    const title = createTextLayer({ text: '{title|maxlength:48}', fontSize: 80, fit });
    expect(textOverflows(title, drawnAt(0, 0, 400, 260, 30), canvas)).toEqual([]);
    // Past the canvas's edge it still is: the box is where every item's text goes.
    expect(textOverflows(title, drawnAt(900, 0, 400, 150, 30), canvas)).toEqual([
      { kind: 'canvas', edges: ['right'] },
    ]);
  });
});

describe('fit to canvas', () => {
  it('moves a text that fits the canvas back inside it, keeping its size', () => {
    const text = createTextLayer({ left: 900, top: -30, width: 400 });
    const patch = fitToCanvasPatch(text, drawnAt(900, -30, 400, 100), canvas);
    expect(patch).toEqual({ left: 680, top: 0 });
  });

  it('narrows a box wider than the canvas and shrinks the text to the room below its top', () => {
    const text = createTextLayer({ left: -100, top: 700, width: 1400, fontSize: 120 });
    const patch = fitToCanvasPatch(text, drawnAt(-100, 700, 1400, 300, 120), canvas);
    expect(patch.left).toBe(0);
    expect(patch.width).toBe(1080);
    expect(patch.fit).toEqual({ height: 380, minFontSize: 60 });
  });

  it('shrinks a text taller than the canvas into it, keeping a minimum it had', () => {
    const text = createTextLayer({ top: 0, fontSize: 200, fit: { height: 2000, minFontSize: 90 } });
    const patch = fitToCanvasPatch(text, drawnAt(0, 0, 400, 2000, 90), canvas);
    expect(patch).toEqual({ left: 0, top: 0, fit: { height: 1080, minFontSize: 90 } });
  });
});

describe('shrink to fit', () => {
  it('lowers the minimum size by the share of the box the lines fill', () => {
    const text = createTextLayer({ fontSize: 80, fit: { height: 100, minFontSize: 40 } });
    const overflow = textOverflows(text, drawnAt(0, 0, 400, 400, 40), canvas)[0] as TextOverflow & {
      kind: 'box';
    };
    // The lines fill four boxes: half the size holds them.
    expect(shrinkToFitPatch(text, overflow)).toEqual({ fit: { height: 100, minFontSize: 20 } });
    expect(canShrink(overflow)).toBe(true);
  });

  it('always lowers it by at least 1, and offers nothing below 1', () => {
    const text = createTextLayer({ fontSize: 10, fit: { height: 100, minFontSize: 2 } });
    const overflow = { kind: 'box', minFontSize: 2, linesHeight: 101, boxHeight: 100 } as const;
    expect(shrinkToFitPatch(text, overflow).fit.minFontSize).toBe(1);
    expect(canShrink({ ...overflow, minFontSize: 1 })).toBe(false);
  });
});
