import { describe, expect, it } from 'vitest';
import { createTextLayer } from '../../model/index.js';
import { TEXT_MIN_WIDTH, textBoxHeight, textKind } from './index.js';

describe('the text kind', () => {
  it('is as high as its own lines: every line but the last size × lineHeight × 1.13, the last size × 1.13', () => {
    expect(textBoxHeight('one', 10, 1.5)).toBe(11.3);
    expect(textBoxHeight('one\ntwo', 10, 1.5)).toBe(28.25);
  });

  it('keeps its box at least the minimum width and works out its height', () => {
    const text = textKind.normalize({ ...createTextLayer(), width: 5, text: 'a\nb', fontSize: 20 });
    expect(text.width).toBe(TEXT_MIN_WIDTH);
    expect(text.height).toBe(textBoxHeight('a\nb', 20, text.lineHeight));
  });

  it('refuses a fit without a height or a minimum size, and reads an absent one as no fit', () => {
    const text = createTextLayer();
    expect(() => textKind.normalize({ ...text, fit: { height: 0, minFontSize: 10 } })).toThrow(RangeError);
    expect(textKind.normalize({ ...text, fit: undefined as never }).fit).toBeNull();
  });
});
