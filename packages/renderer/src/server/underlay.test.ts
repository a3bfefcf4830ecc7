import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveTemplate } from '../resolve/resolve.js';
import { svgTemplate } from '../resolve/test/helpers.js';
import { encodeRaster, rasterise } from './rasterise.js';
import { render, renderSvg, type RenderOptions } from './render.js';
import { memoryLoader, pixelDifference, quadrantImage } from './test/images.js';
import { splitUnderlay } from './underlay.js';

let images: Record<string, Buffer>;
beforeAll(async () => {
  images = {
    'photo.jpg': await quadrantImage(1200, 800, 'jpeg'),
    'clear.png': await sharp(await quadrantImage(600, 600))
      .ensureAlpha(0.5)
      .png()
      .toBuffer(),
  };
});

const design =
  '<rect x="100" y="100" width="300" height="200" fill="#00695c" opacity="0.8"/>' +
  '<rect id="MAIN_001" x="500" y="120" width="420" height="300" rx="24"/>';

async function split(body: string, size?: string) {
  const resolved = await resolveTemplate(
    { template: svgTemplate(body, size), inputs: [{ input: 'photo.jpg' }] },
    { offscreen: true },
  );
  return splitUnderlay(resolved);
}

describe('splitUnderlay', () => {
  it('takes out a plain blurred background painted first', async () => {
    const { resolved, underlay } = await split(
      '<defs><linearGradient id="g"/></defs><rect id="MAIN_BLUR" x="10" y="20" width="500" height="400"/>' +
        design,
    );
    expect(underlay).toMatchObject({ left: 10, top: 20, need: { kind: 'blur', layerId: 'MAIN_BLUR' } });
    expect(resolved.images.map((need) => need.kind)).toEqual(['slot']);
    expect(JSON.stringify(resolved.root)).not.toContain('MAIN_BLUR');
  });

  it('leaves the background in the SVG when anything could change how it is drawn', async () => {
    const cases = [
      // Something is painted under it.
      '<rect width="10" height="10"/><rect id="MAIN_BLUR" width="1080" height="1080"/>',
      // Its own effects, rounded corners, transforms.
      '<rect id="MAIN_BLUR" width="1080" height="1080" opacity="0.5"/>',
      '<rect id="MAIN_BLUR" width="1080" height="1080" rx="20"/>',
      '<g id="MAIN_BLUR" transform="translate(5 5)"><rect width="1080" height="1080"/></g>',
      // A style sheet could style it.
      '<style>image { opacity: 0.5 }</style><rect id="MAIN_BLUR" width="1080" height="1080"/>',
    ];
    for (const body of cases) expect((await split(body + design)).underlay, body).toBeUndefined();
    // A scaled document.
    const scaled = await split(
      '<rect id="MAIN_BLUR" width="540" height="540"/>',
      'width="1080" height="1080" viewBox="0 0 540 540"',
    );
    expect(scaled.underlay).toBeUndefined();
  });
});

describe('render with an underlay', () => {
  async function bothWays(body: string, input: string, options: RenderOptions = {}) {
    const request = { template: svgTemplate(body), inputs: [{ input }] };
    const loadImage = memoryLoader(images);
    const fast = await render(request, { ...options, loadImage });
    const { svg } = await renderSvg(request, { loadImage });
    const background = options.background === 'transparent' ? undefined : '#ffffff';
    const embedded = await encodeRaster(
      await rasterise(svg, background),
      options.format ?? 'png',
      options.quality ?? 90,
    );
    return { fast: fast.bytes, embedded };
  }

  it('draws what the SVG with the background embedded draws', async () => {
    const { fast, embedded } = await bothWays(
      '<rect id="MAIN_BLUR" width="1080" height="1080"/>' + design,
      'photo.jpg',
    );
    // The embedded background went through JPEG quality 95: a few levels here and there, no more.
    expect(await pixelDifference(fast, embedded, 8)).toBe(0);
  });

  it('keeps transparency around a background smaller than the canvas, and a translucent one', async () => {
    for (const input of ['photo.jpg', 'clear.png']) {
      const body = '<rect id="MAIN_BLUR" x="40" y="60" width="700" height="500"/>' + design;
      const { fast, embedded } = await bothWays(body, input, { background: 'transparent' });
      const metadata = await sharp(fast).stats();
      expect(metadata.isOpaque).toBe(false);
      expect(await pixelDifference(fast, embedded, 8)).toBe(0);
    }
  });

  it('writes JPEG and WebP too', async () => {
    for (const format of ['jpeg', 'webp'] as const) {
      const { fast, embedded } = await bothWays(
        '<rect id="MAIN_BLUR" width="1080" height="1080"/>' + design,
        'photo.jpg',
        { format, quality: 90 },
      );
      expect((await sharp(fast).metadata()).format).toBe(format);
      expect(await pixelDifference(fast, embedded, 8)).toBeLessThan(0.001);
    }
  });
});
