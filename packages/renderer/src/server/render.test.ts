import { RENDERER_ERRORS } from '@adloom/template';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { embedImages } from '../resolve/embed.js';
import { blurDeviationFraction } from '../resolve/rules/blur.js';
import { resolveTemplate } from '../resolve/resolve.js';
import { svgTemplate } from '../resolve/test/helpers.js';
import { pngClaiming } from './images/test/fixtures.js';
import { prepareImages } from './prepare-images.js';
import { rasterise, encodeRaster } from './rasterise.js';
import { render, renderReferenceSvg, renderSvg } from './render.js';
import { logoImage, memoryLoader, pixelDifference, quadrantImage } from './test/images.js';

let images: Record<string, Buffer>;
beforeAll(async () => {
  images = {
    'photo.jpg': await quadrantImage(1200, 800, 'jpeg'),
    'tall.png': await quadrantImage(400, 900),
    'logo.png': await logoImage(300, 100),
  };
});

const template = svgTemplate(
  '<rect id="MAIN_BLUR" width="1080" height="1080"/><rect id="MAIN_001" x="90" y="90" width="900" height="600"/>' +
    '<rect id="LOGO_MAIN" x="40" y="960" width="240" height="80"/>',
);
const request = {
  template,
  inputs: [{ input: 'photo.jpg' }],
  additionalFiles: { logos: [{ key: 'main', input: 'logo.png' }] },
};

describe('render', () => {
  it('renders PNG, JPEG and WebP at the template size with the dynamic layer count', async () => {
    const calls: string[] = [];
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const result = await render(request, { format, quality: 80, loadImage: memoryLoader(images, calls) });
      const metadata = await sharp(result.bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([format, 1080, 1080]);
      expect(result).toMatchObject({ width: 1080, height: 1080, dynamicLayerCount: 1, warnings: [] });
    }
    // Each source is loaded once per render, even when three layers use it.
    expect(calls.filter((source) => source === 'photo.jpg')).toHaveLength(3);
  });

  it('paints a white background, or keeps a PNG transparent when asked', async () => {
    const empty = { template: svgTemplate('<rect x="10" y="10" width="5" height="5" fill="#000"/>') };
    const pixel = async (bytes: Buffer) => [
      ...(await sharp(bytes)
        .ensureAlpha()
        .extract({ left: 500, top: 500, width: 1, height: 1 })
        .raw()
        .toBuffer()),
    ];
    expect(await pixel((await render(empty)).bytes)).toEqual([255, 255, 255, 255]);
    expect((await pixel((await render(empty, { background: 'transparent' })).bytes))[3]).toBe(0);
    await expect(render(empty, { format: 'jpeg', background: 'transparent' })).rejects.toThrow(
      'cannot be transparent',
    );
    await expect(render(empty, { quality: 0 })).rejects.toThrow(
      'quality must be a whole number from 1 to 100',
    );
  });

  it("reports a logo that fails to load as 'Failed to add logo images'", async () => {
    const missingLogo = { ...request, additionalFiles: { logos: [{ key: 'main', input: 'gone.png' }] } };
    await expect(render(missingLogo, { loadImage: memoryLoader(images) })).rejects.toMatchObject({
      message: RENDERER_ERRORS.logosFailed,
      reason: 'Image gone.png was not found (HTTP 404)',
    });
    const missingPhoto = { ...request, inputs: [{ input: 'gone.jpg' }] };
    await expect(render(missingPhoto, { loadImage: memoryLoader(images) })).rejects.toThrow(
      'Image gone.jpg was not found',
    );
  });

  it('embeds images shrunk to the size they are drawn at, as data URLs only', async () => {
    const { svg } = await renderSvg(request, { loadImage: memoryLoader(images) });
    const hrefs = [...svg.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
    expect(hrefs.every((href) => href.startsWith('data:image/'))).toBe(true);
    const sizes = await Promise.all(
      hrefs.map(async (href) => {
        const metadata = await sharp(Buffer.from(href.split(',')[1]!, 'base64')).metadata();
        return [metadata.format, metadata.width, metadata.height];
      }),
    );
    expect(sizes).toEqual([
      // The blur: 1.3 × cover of 1080 is 2106 × 1404 drawn, blurred at a quarter of that, and the
      // part under the 1080 × 1080 box embedded at its size.
      ['jpeg', 1080, 1080],
      // The slot covers 900 × 600: the 1200 × 800 photo shrinks to 900 × 600.
      ['jpeg', 900, 600],
      // The logo (300 × 100, transparent) is contained in 240 × 80.
      ['png', 240, 80],
    ]);
    expect(svg).not.toContain('filter="url(');
  });

  it('draws a blurred background like the SVG blur filter at full size, clipped to the box', async () => {
    const blurOnly = {
      template: svgTemplate('<rect id="MAIN_BLUR" x="40" y="40" width="1000" height="1000"/>'),
      inputs: [{ input: 'tall.png' }],
    };
    const resolved = await resolveTemplate(blurOnly, { offscreen: true });
    const prepared = await prepareImages(
      resolved.images,
      new Map([['tall.png', { bytes: images['tall.png']!, width: 400, height: 900, format: 'png' }]]),
      1e8,
    );
    const ours = embedImages(resolved, prepared);
    // The reference: the whole image covering 1.3 × the box, blurred by resvg at full resolution.
    // 400 × 900 covers 1300 × 1300 at 1300 × 2925; σ = 0.0196 × 1300.
    const full = `data:image/png;base64,${images['tall.png']!.toString('base64')}`;
    const reference = svgTemplate(
      '<clipPath id="c"><rect x="40" y="40" width="1000" height="1000"/></clipPath>' +
        '<filter id="f" filterUnits="userSpaceOnUse" x="-110" y="-110" width="1300" height="1300" color-interpolation-filters="sRGB">' +
        `<feGaussianBlur stdDeviation="${1300 * blurDeviationFraction(0.4)}"/></filter>` +
        `<g clip-path="url(#c)"><image x="-110" y="-110" width="1300" height="1300" preserveAspectRatio="xMidYMid slice" href="${full}" filter="url(#f)"/></g>`,
    );
    const [a, b] = await Promise.all(
      [ours, reference].map(async (svg) => encodeRaster(await rasterise(svg, '#ffffff'), 'png', 90)),
    );
    // resvg approximates a wide Gaussian with box passes, sharp blurs exactly: edges differ by a few levels.
    expect(await pixelDifference(a!, b!, 8)).toBeLessThan(0.03);
    expect(await pixelDifference(a!, b!, 24)).toBe(0);
  });

  it("judges what a caller's loader returns by its header too, whatever size the loader claims", async () => {
    const bomb = pngClaiming(20_000, 20_000);
    const error = await render(
      {
        template: svgTemplate('<rect id="MAIN_001" width="500" height="500"/>'),
        inputs: [{ input: 'memory:a' }],
      },
      { loadImage: async () => ({ bytes: bomb, width: 100, height: 100, format: 'png' }) },
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'TOO_MANY_PIXELS',
      message:
        'Image memory:a is 20000 × 20000 pixels, more than the limit of 25 megapixels; use a smaller image',
    });
  });

  it('draws what the plain SVG with the original images and an SVG blur filter draws', async () => {
    const loadImage = memoryLoader(images);
    const ours = await render(request, { loadImage });
    const reference = await renderReferenceSvg(request, { loadImage });
    expect(reference).toContain('<feGaussianBlur stdDeviation="27.5127"/>');
    const plain = await encodeRaster(await rasterise(reference, '#ffffff'), 'png', 90);
    // resvg's blur filter is three box passes; sharp's is a true Gaussian (as in the test above).
    expect(await pixelDifference(ours.bytes, plain, 8)).toBeLessThan(0.03);
    expect(await pixelDifference(ours.bytes, plain, 32)).toBe(0);
  });
});
