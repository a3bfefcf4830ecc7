import { describe, expect, it } from 'vitest';
import { createTextLayer } from '../../model/index.js';
import { defaultTextFit, fitNote } from './textFitValues';

describe('defaultTextFit', () => {
  it('gives a box two lines high at the text size and a minimum of half the size', () => {
    const layer = createTextLayer({ fontSize: 64, lineHeight: 1.16 });
    // 64 × 1.13 × 2.16 = 156.21
    expect(defaultTextFit(layer)).toEqual({ height: 156.21, minFontSize: 32 });
  });

  it('keeps the height of a text with more lines of its own', () => {
    const layer = createTextLayer({ text: 'one\ntwo\nthree', fontSize: 40, lineHeight: 1 });
    expect(defaultTextFit(layer).height).toBe(layer.height);
    expect(layer.height).toBeCloseTo(40 * 1.13 * 3, 2);
  });
});

describe('fitNote', () => {
  const layer = createTextLayer({ fontSize: 72, fit: { height: 100, minFontSize: 20 } });

  it('says the size the canvas draws the text at and the minimum', () => {
    expect(fitNote(layer, 48)).toMatch(/^Shown at 48 \(of 72\)\. Longer texts shrink down to 20;/);
    expect(fitNote(layer, 72)).toMatch(/^Shown at 72\. /);
    expect(fitNote(layer, undefined)).toMatch(/^Measuring…/);
  });
});
