import { describe, expect, it } from 'vitest';
import { fileFontSource } from '../../server/fonts.js';
import { parseXml } from '../parse.js';
import { resolveTemplate } from '../resolve.js';
import { serializeXml } from '../serialize.js';
import { svgTemplate } from '../test/helpers.js';
import { attr, findElement, type XmlElement } from '../xml.js';
import { FIT_ELLIPSIS, fitFontSize, fittedFontSize, layoutFittedBox, linesHeight } from './fit.js';
import { loadTextFonts } from './font-loader.js';
import { layoutBox, type Shaper } from './layout.js';
import { readTextStyle } from './text-style.js';

/** Every character is half the font size wide, in one face. */
const mono: Shaper = {
  segments: (text) => [{ text, face: 0 }],
  advance: (text, _face, size) => [...text].length * size * 0.5,
};

const plain = (text: string) => [{ text, superscript: false }];
const lineTexts = (lines: ReturnType<typeof layoutBox>) =>
  lines.map((line) => line.runs.map((run) => run.text).join(' '));

/** True when the text at `size` breaks no word and its lines fit the box (the rule, checked by hand). */
function fitsByHand(text: string, box: { width: number; height: number }, size: number, lineHeight: number) {
  const widest = Math.max(...text.split(/\s+/).map((word) => [...word].length * size * 0.5));
  const lines = layoutBox(plain(text), { x: 0, y: 0, ...box }, { size, lineHeight, align: 'left' }, mono);
  return widest <= box.width && linesHeight(lines.length, size, lineHeight) <= box.height;
}

describe('fitFontSize', () => {
  const box = { width: 400, height: 160 };
  const style = { size: 64, lineHeight: 1.16, minSize: 12 };

  it('keeps the size of a text that fits', () => {
    // 'Sale' is 4 × 32 = 128 wide on one line 72.3 high.
    expect(fitFontSize(plain('Sale'), box, style, mono)).toBe(64);
    expect(fitFontSize(plain('Sale'), box, { ...style, size: 63.5 }, mono)).toBe(63.5);
  });

  it('shrinks a long title to the largest whole size at which its lines fit the height', () => {
    const title = 'Explorer waterproof hiking backpack with padded laptop sleeve';
    const size = fitFontSize(plain(title), box, style, mono);
    expect(size).toBeLessThan(64);
    expect(Number.isInteger(size)).toBe(true);
    expect(fitsByHand(title, box, size, style.lineHeight)).toBe(true);
    expect(fitsByHand(title, box, size + 1, style.lineHeight)).toBe(false);
  });

  it('shrinks until no word has to break, even when the height has room', () => {
    // 20 characters: 10 × size wide, so at most 40 in a 400 box.
    expect(fitFontSize(plain('Supercalifragilistic'), { width: 400, height: 1000 }, style, mono)).toBe(40);
  });

  it('stops at the minimum size, also a fractional one, and never grows a text', () => {
    const long = 'word '.repeat(200).trim();
    expect(fitFontSize(plain(long), box, { ...style, minSize: 30 }, mono)).toBe(30);
    expect(fitFontSize(plain(long), box, { ...style, minSize: 12.5 }, mono)).toBe(12.5);
    expect(fitFontSize(plain(long), box, { ...style, minSize: 80 }, mono)).toBe(64);
  });
});

describe('layoutFittedBox', () => {
  const box = { x: 0, y: 0, width: 200 };
  const style = { size: 40, lineHeight: 1, align: 'left' as const };

  it('lays out at the fitted size when the text fits', () => {
    const result = layoutFittedBox(plain('aaaa bbbb cccc'), box, style, { height: 80, minSize: 10 }, mono);
    // Two lines ('aaaa bbbb' is 9 characters, 4.5 × size wide) are 2 × 1.13 × size high: 35 is the
    // largest whole size with two lines under 80 (at 40 they are 90.4 high).
    expect(result.size).toBe(35);
    expect(lineTexts(result.lines)).toEqual(['aaaa bbbb', 'cccc']);
  });

  it('at the minimum size, leaves out the lines below the box and ends the last one with an ellipsis', () => {
    // At 10 (5 units a character, 40 per line), each line 11.3 high: 3 lines fit 40.
    const text = 'one two three four five six seven eight nine ten '.repeat(6).trim();
    const result = layoutFittedBox(
      plain(text),
      box,
      { ...style, size: 20 },
      { height: 40, minSize: 10 },
      mono,
    );
    expect(result.size).toBe(10);
    expect(result.lines).toHaveLength(3);
    // The ellipsis follows the last word shown without a space (5 units a character at size 10).
    const runs = result.lines.at(-1)!.runs;
    const [word, ellipsis] = runs.slice(-2);
    expect(ellipsis!.text).toBe(FIT_ELLIPSIS);
    expect(ellipsis!.x).toBeCloseTo(word!.x + word!.text.length * 5, 6);
    expect(result.lines.every((line) => line.width <= 200)).toBe(true);
    // Whatever is shown is the text's beginning, word for word.
    const shown = lineTexts(result.lines).join(' ').replace(` ${FIT_ELLIPSIS}`, '');
    expect(text.startsWith(shown)).toBe(true);
  });
});

// ------------------------------------------------------------------------------------------------------
// With real fonts, through resolveTemplate

const fonts = fileFontSource();

async function resolveText(attributes: string, title: string) {
  const resolved = await resolveTemplate(
    {
      template: svgTemplate(`<text id="t" title="${title}" ${attributes} fill="#000">x</text>`),
      metadata: {},
      inputs: [],
    },
    { fonts },
  );
  return findElement(resolved.root, (node) => attr(node, 'id') === 't')!;
}

const pathsOf = (group: XmlElement) => group.children.map((child) => serializeXml(child as XmlElement));

describe('text auto-fit in the renderer', () => {
  const box = 'data-x="40" data-y="40" data-width="500" font-family="Open Sans" font-weight="700"';
  const title = 'Explorer waterproof hiking backpack with padded laptop sleeve and rain cover';

  it('draws a fitted text exactly as the same text set at the size fittedFontSize gives', async () => {
    const [faces] = await loadTextFonts(
      [{ request: { family: 'Open Sans', weight: 700, italic: false }, characters: title }],
      { source: fonts, customFonts: [], warn: () => undefined },
    );
    const size = fittedFontSize(
      plain(title),
      { width: 500, height: 160 },
      { size: 80, lineHeight: 1.16, minSize: 20 },
      faces!,
    );
    expect(size).toBeLessThan(80);
    expect(size).toBeGreaterThan(20);
    const fitted = await resolveText(
      `${box} font-size="80" data-height="160" data-min-font-size="20"`,
      title,
    );
    const plainAtSize = await resolveText(`${box} font-size="${size}"`, title);
    const tooLarge = await resolveText(`${box} font-size="${size + 1}"`, title);
    expect(pathsOf(fitted)).toEqual(pathsOf(plainAtSize));
    expect(pathsOf(fitted)).not.toEqual(pathsOf(tooLarge));
    // The fit attributes describe the text; the drawn group does not carry them.
    expect(attr(fitted, 'data-height')).toBeUndefined();
    expect(attr(fitted, 'data-min-font-size')).toBeUndefined();
  });

  it('changes nothing without the rule, or with only half of it', async () => {
    const unfitted = pathsOf(await resolveText(`${box} font-size="80"`, title));
    expect(pathsOf(await resolveText(`${box} font-size="80" data-height="160"`, title))).toEqual(unfitted);
    expect(pathsOf(await resolveText(`${box} font-size="80" data-min-font-size="20"`, title))).toEqual(
      unfitted,
    );
  });
});

describe('readTextStyle fit', () => {
  const read = (source: string) => readTextStyle(parseXml(source));

  it('reads data-height and data-min-font-size together, on builder texts only', () => {
    expect(read('<text data-width="300" data-height="120" data-min-font-size="18"/>').fit).toEqual({
      height: 120,
      minSize: 18,
    });
    expect(read('<text data-width="300" data-height="120"/>').fit).toBeUndefined();
    expect(read('<text data-width="300" data-height="0" data-min-font-size="18"/>').fit).toBeUndefined();
    expect(read('<text data-height="120" data-min-font-size="18"/>').fit).toBeUndefined();
  });
});
