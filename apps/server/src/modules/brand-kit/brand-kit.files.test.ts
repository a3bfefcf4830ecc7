import { pngClaiming } from '@adloom/renderer/test-fixtures';
import { describe, expect, it } from 'vitest';
import { latoBlackTtf, latoBoldItalicWoff, latoWoff2, pngLogo } from '../../../test/fixtures/brand-kit.js';
import { checkFont, checkLogo, fontFaceFromText, fontFaceOf, fontFaceText } from './brand-kit.files.js';

describe("a brand-kit logo and the renderer's pixel limit", () => {
  it('refuses a PNG over the limit from its header, with the renderer’s words', async () => {
    await expect(checkLogo(pngClaiming(20_000, 20_000), 'huge.png')).rejects.toMatchObject({
      code: 'INVALID_FILE',
      message:
        "Logo 'huge.png' is 20000 × 20000 pixels, more than the limit of 25 megapixels; use a smaller image.",
    });
    // One pixel row over 5000 × 5000: refused before sharp could call it damaged (it holds only a few rows).
    await expect(checkLogo(pngClaiming(5000, 5001), 'tall.png')).rejects.toThrow(
      "Logo 'tall.png' is 5000 × 5001 pixels, more than the limit of 25 megapixels",
    );
  });

  it('refuses an SVG logo carrying a bomb inside, which the thumbnail would have decoded', async () => {
    const inner = `data:image/png;base64,${pngClaiming(12_000, 12_000).toString('base64')}`;
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120"><image width="240" height="120" href="${inner}"/></svg>`,
    );
    await expect(checkLogo(svg, 'mark.svg')).rejects.toMatchObject({
      code: 'INVALID_FILE',
      message:
        "Logo 'mark.svg' contains an image of 12000 × 12000 pixels, more than the limit of 25 megapixels; use a smaller image.",
    });
  });

  it('still takes an ordinary logo', async () => {
    await expect(checkLogo(await pngLogo(1200, 600), 'logo.png')).resolves.toMatchObject({
      format: 'png',
      width: 1200,
      height: 600,
    });
  });
});

describe('a brand-kit font’s weight and style, read from the font itself', () => {
  it('reads OS/2 of real files: weight class and the italic bit', async () => {
    expect((await checkFont(await latoBlackTtf(), 'black.ttf')).face).toEqual({
      weight: 900,
      style: 'normal',
    });
    expect((await checkFont(latoBoldItalicWoff(), 'bi.woff')).face).toEqual({ weight: 700, style: 'italic' });
    expect((await checkFont(latoWoff2(), 'regular.woff2')).face).toEqual({ weight: 400, style: 'normal' });
  });

  it('falls back on head.macStyle and the style name, and rounds odd or old weight classes', () => {
    const font = (os2: object | undefined, macStyle = 0, subfamily?: string) => ({
      tables: { os2, head: { macStyle } },
      names: subfamily ? { unicode: { fontSubfamily: { en: subfamily } } } : {},
    });
    expect(fontFaceOf(font({ usWeightClass: 350, fsSelection: 0 }))).toEqual({
      weight: 400,
      style: 'normal',
    });
    expect(fontFaceOf(font({ usWeightClass: 7, fsSelection: 0 }))).toEqual({ weight: 700, style: 'normal' });
    // fsSelection bit 9: oblique.
    expect(fontFaceOf(font({ usWeightClass: 300, fsSelection: 512 })).style).toBe('italic');
    expect(fontFaceOf(font({ usWeightClass: 500 }, 2)).style).toBe('italic');
    expect(fontFaceOf(font(undefined, 0, 'ExtraBold Italic'))).toEqual({ weight: 800, style: 'italic' });
    expect(fontFaceOf(font(undefined, 0, 'Light'))).toEqual({ weight: 300, style: 'normal' });
    expect(fontFaceOf({})).toEqual({ weight: 400, style: 'normal' });
  });

  it('is kept with the item as text, older fonts reading as 400 normal', () => {
    expect(fontFaceText({ weight: 700, style: 'italic' })).toBe('700 italic');
    expect(fontFaceFromText('700 italic')).toEqual({ weight: 700, style: 'italic' });
    expect(fontFaceFromText(null)).toEqual({ weight: 400, style: 'normal' });
    expect(fontFaceFromText('bold')).toEqual({ weight: 400, style: 'normal' });
  });
});
