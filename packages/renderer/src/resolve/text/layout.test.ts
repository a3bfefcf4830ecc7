import { describe, expect, it } from 'vitest';
import { layoutBox, layoutLine, paragraphs, type Shaper } from './layout.js';

/** Every character is half the font size wide; digits come from face 1, the rest from face 0. */
const mono: Shaper = {
  segments(text) {
    const parts: { text: string; face: number }[] = [];
    for (const char of text) {
      const face = /\d/.test(char) ? 1 : 0;
      const last = parts[parts.length - 1];
      if (last && last.face === face) last.text += char;
      else parts.push({ text: char, face });
    }
    return parts;
  },
  advance: (text, _face, size) => [...text].length * size * 0.5,
};

const plain = (text: string) => [{ text, superscript: false }];
const lineTexts = (lines: ReturnType<typeof layoutBox>) =>
  lines.map((line) => line.runs.map((run) => run.text).join('|'));

describe('layoutBox', () => {
  const box = { x: 10, y: 20, width: 100 };
  const style = { size: 20, lineHeight: 1, align: 'left' as const };

  it('wraps greedily at spaces and drops the spaces at line ends', () => {
    // 10 units per character: 10 characters per line.
    const lines = layoutBox(plain('aaaa bbbb cc dddddd'), box, style, mono);
    expect(lineTexts(lines)).toEqual(['aaaa|bbbb', 'cc|dddddd']);
    expect(lines.map((line) => line.width)).toEqual([90, 90]);
  });

  it('places baselines as fabric.js does: 1.13 × size per line, first at 0.879 × size', () => {
    const lines = layoutBox(plain('aaaa bbbb cccc'), box, { ...style, lineHeight: 1.5 }, mono);
    const baselines = lines.map((line) => line.runs[0]!.y);
    expect(baselines[0]).toBeCloseTo(20 + 20 * 1.13 * 0.778, 6);
    expect(baselines[1]! - baselines[0]!).toBeCloseTo(20 * 1.5 * 1.13, 6);
  });

  it('aligns left, centre, right and justifies all lines but the last', () => {
    const text = plain('aaaa bb cccc');
    const starts = (align: 'left' | 'center' | 'right' | 'justify') =>
      layoutBox(text, box, { ...style, align }, mono).map((line) => line.runs.map((run) => run.x));
    expect(starts('left')).toEqual([[10, 60], [10]]);
    // 'aaaa bb' is 70 wide: 30 left over.
    expect(starts('center')).toEqual([[25, 75], [40]]);
    expect(starts('right')).toEqual([[40, 90], [70]]);
    expect(starts('justify')).toEqual([[10, 90], [10]]);
  });

  it('breaks a word wider than the box between graphemes', () => {
    const lines = layoutBox(plain('ab abcdefghijklmnopqrstuvwxyz'), box, style, mono);
    expect(lineTexts(lines)).toEqual(['ab', 'abcdefghij', 'klmnopqrst', 'uvwxyz']);
    const emoji = layoutBox(plain('👍🏽'.repeat(12)), { ...box, width: 40 }, style, mono);
    // A skin-toned thumb is one grapheme of two code points (20 units): two per line, never split.
    expect(lineTexts(emoji).every((text) => text === '👍🏽👍🏽')).toBe(true);
  });

  it('keeps explicit line breaks, empty lines and leading indentation', () => {
    const lines = layoutBox(plain('  ab\n\ncd'), box, style, mono);
    expect(lineTexts(lines)).toEqual(['ab', '', 'cd']);
    expect(lines[0]!.runs[0]!.x).toBe(30);
    expect(lines[2]!.runs[0]!.y - lines[0]!.runs[0]!.y).toBeCloseTo(2 * 20 * 1.13, 6);
  });

  it('draws superscript runs at 0.4 × size, raised 0.39 × size, and splits faces', () => {
    const runs = [
      { text: '$19', superscript: false },
      { text: '99', superscript: true },
    ];
    const [line] = layoutBox(runs, box, style, mono);
    expect(line!.runs.map(({ text, face, size, x }) => [text, face, size, x])).toEqual([
      ['$', 0, 20, 10],
      ['19', 1, 20, 20],
      ['99', 1, 8, 40],
    ]);
    expect(line!.runs[2]!.y - line!.runs[0]!.y).toBeCloseTo(-0.39 * 20, 6);
    expect(line!.width).toBe(38);
  });
});

describe('layoutLine', () => {
  it('anchors plain SVG text at start, middle or end', () => {
    const at = { x: 100, y: 50 };
    expect(layoutLine(plain('abcd'), at, { size: 10, align: 'left' }, mono).runs[0]!.x).toBe(100);
    expect(layoutLine(plain('abcd'), at, { size: 10, align: 'center' }, mono).runs[0]!.x).toBe(90);
    expect(layoutLine(plain('abcd'), at, { size: 10, align: 'right' }, mono).runs[0]!.x).toBe(80);
  });
});

describe('paragraphs', () => {
  it('splits runs at \\n, \\r\\n and \\r', () => {
    expect(
      paragraphs([{ text: 'a\r\nb\rc\nd', superscript: false }]).map((p) => p.map((x) => x.text).join('')),
    ).toEqual(['a', 'b', 'c', 'd']);
  });
});
