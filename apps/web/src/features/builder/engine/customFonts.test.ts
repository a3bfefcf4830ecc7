import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { faceSourceKey, onCustomFontUrlsChange, preloadFonts, setCustomFontUrls } from './fonts';

/** The FontFace objects made, with what they were made from. */
const made: { family: string; source: string; descriptors: FontFaceDescriptors }[] = [];
const added: unknown[] = [];

beforeAll(() => {
  vi.stubGlobal(
    'FontFace',
    class {
      constructor(family: string, source: string, descriptors: FontFaceDescriptors) {
        made.push({ family, source, descriptors });
      }
      load() {
        // 'Slow Serif' never finishes loading: the time-out's case.
        const slow = made.at(-1)?.source.includes('Slow') ?? false;
        return slow ? new Promise(() => {}) : Promise.resolve(this);
      }
    },
  );
  vi.stubGlobal('document', { fonts: { add: (face: unknown) => added.push(face) } });
});
afterAll(() => vi.unstubAllGlobals());

const brandFace = { family: 'Acme Headline', weight: 400, italic: false };

describe('brand-kit fonts on the canvas', () => {
  it('does not look for a family outside the catalogue at the catalogue path', async () => {
    expect(await preloadFonts([brandFace], Number.POSITIVE_INFINITY)).toEqual([]);
    expect(made).toEqual([]);
  });

  it('loads a brand font from its file once the file is known, and says so once', async () => {
    const heard = vi.fn();
    const stop = onCustomFontUrlsChange(heard);
    const before = faceSourceKey(brandFace);
    setCustomFontUrls([{ family: 'Acme Headline', url: '/files/clients/c1/fonts/acme.ttf' }]);
    setCustomFontUrls([{ family: 'Acme Headline', url: '/files/clients/c1/fonts/acme.ttf' }]);
    stop();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(faceSourceKey(brandFace)).not.toBe(before);

    expect(await preloadFonts([brandFace], Number.POSITIVE_INFINITY)).toEqual([brandFace]);
    expect(made).toEqual([
      {
        family: 'Acme Headline',
        source: 'url("/files/clients/c1/fonts/acme.ttf")',
        descriptors: { weight: '400', style: 'normal' },
      },
    ]);
    expect(added).toHaveLength(1);
  });

  it('loads catalogue families from the assets path, the weighted file first', async () => {
    made.length = 0;
    await preloadFonts([{ family: 'Lato', weight: 700, italic: false }], Number.POSITIVE_INFINITY);
    expect(made[0]?.source).toBe('url("/assets/fonts/Lato-700.ttf"), url("/assets/fonts/Lato.ttf")');
  });
});

describe('the preload time-out', () => {
  it('resolves at the time-out with the faces that came, and only logs the one still loading', async () => {
    setCustomFontUrls([{ family: 'Slow Serif', url: '/files/clients/c1/fonts/Slow.ttf' }]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const slow = { family: 'Slow Serif', weight: 400, italic: false };
    const lato = { family: 'Lato', weight: 400, italic: false };
    const started = Date.now();
    expect(await preloadFonts([slow, lato], 50)).toEqual([lato]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(warn).toHaveBeenCalledWith('Font preload timed out', 'Slow Serif|400|normal', '50 ms');
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
