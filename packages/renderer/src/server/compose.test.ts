import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { embedImages } from '../resolve/embed.js';
import { loadImageSources } from '../resolve/load-images.js';
import { resolveTemplate } from '../resolve/resolve.js';
import { svgTemplate } from '../resolve/test/helpers.js';
import { preparePictures, type PicturePixels } from './prepare-images.js';
import { encodeRaster, rasterise } from './rasterise.js';
import { render, renderPlan, type RenderOptions } from './render.js';
import { memoryLoader, noiseImage, pixelDifference, quadrantImage } from './test/images.js';

let images: Record<string, Buffer>;
beforeAll(async () => {
  images = {
    'noise.png': await noiseImage(301, 200),
    'noise.jpg': await noiseImage(640, 480, 'jpeg'),
    'clear.png': await noiseImage(120, 90, 'png', true),
    'photo.jpg': await quadrantImage(1200, 800, 'jpeg'),
    'quadrants.png': await quadrantImage(300, 200),
  };
});

async function pngDataUrl(picture: PicturePixels): Promise<string> {
  const { data, width, height, channels } = picture;
  const png = await sharp(data, { raw: { width, height, channels } }).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/**
 * The same request drawn the way the renderer drew every picture before: the prepared pictures
 * embedded (losslessly here, so only the drawing can differ) and the whole SVG rasterised by resvg.
 */
async function drawnByResvg(
  request: object,
  background: string | undefined,
  format: 'png' | 'jpeg' | 'webp' = 'png',
): Promise<Buffer> {
  const resolved = await resolveTemplate(request, { offscreen: true });
  const loadImage = memoryLoader(images);
  const loaded = await loadImageSources(resolved.images, (source) => loadImage(source, {}));
  const refs = new Set(resolved.images.map((need) => need.ref));
  const { pixels } = await preparePictures(resolved.images, loaded, 1e8, {
    pixels: refs,
    embedded: new Set(),
  });
  const embedded = new Map(
    await Promise.all(
      [...pixels].map(
        async ([ref, picture]) =>
          [ref, { href: await pngDataUrl(picture), width: picture.width, height: picture.height }] as const,
      ),
    ),
  );
  return encodeRaster(await rasterise(embedImages(resolved, embedded), background), format, 90);
}

async function bothWays(body: string, input: string, options: RenderOptions & { size?: string } = {}) {
  const request = { template: svgTemplate(body, options.size), inputs: [{ input }] };
  const loadImage = memoryLoader(images);
  const plan = await renderPlan(request, { loadImage });
  const composed = await render(request, { ...options, loadImage });
  const background = options.background === 'transparent' ? undefined : '#ffffff';
  return { plan, composed: composed.bytes, resvg: await drawnByResvg(request, background, options.format) };
}

const kinds = (plan: { layers: { kind: string }[] }) => plan.layers.map((layer) => layer.kind).join(' ');

describe('render lays pictures down where resvg would draw them', () => {
  // Each template: a flat colour under the picture (laid down by the compositor too) and a shape over it.
  const under = '<rect x="5" y="5" width="900" height="700" fill="#00695c" opacity="0.8"/>';
  const over = '<circle cx="300" cy="300" r="120" fill="#ffca28" opacity="0.7"/>';
  const cases: [string, string, string][] = [
    [
      'a cover slot on whole pixels',
      '<rect id="MAIN_001" x="100" y="120" width="240" height="200"/>',
      'noise.png',
    ],
    [
      'a cover slot half a pixel off',
      '<rect id="MAIN_001" x="100.5" y="120.5" width="240" height="200"/>',
      'noise.png',
    ],
    [
      'a contained slot a quarter pixel off',
      '<rect id="MAIN_001_CONTAIN" x="100.25" y="80" width="200" height="150"/>',
      'noise.png',
    ],
    [
      'a contained slot on the right',
      '<rect id="MAIN_001_CONTAIN_RIGHT" x="100" y="80" width="200" height="150"/>',
      'noise.png',
    ],
    ['rounded corners', '<rect id="MAIN_001" x="60" y="170" width="301" height="300" rx="28"/>', 'noise.jpg'],
    [
      'rounded and contained',
      '<rect id="MAIN_001_CONTAIN_BOTTOM" x="60" y="170" width="250" height="300" rx="40"/>',
      'noise.png',
    ],
    ['faded', '<rect id="MAIN_001" x="100" y="120" width="240" height="200" opacity="0.6"/>', 'noise.png'],
    [
      'moved by its group',
      '<g transform="translate(33 -7)"><rect id="MAIN_001" x="100" y="120" width="240" height="200"/></g>',
      'noise.png',
    ],
    [
      'transparent pixels',
      '<rect id="MAIN_001" x="100" y="120" width="120" height="90" rx="10"/>',
      'clear.png',
    ],
    [
      'partly outside the canvas',
      '<rect id="MAIN_001" x="-50" y="900" width="640" height="480"/>',
      'noise.jpg',
    ],
  ];
  it.each(cases)('%s', async (_, layer, input) => {
    const { plan, composed, resvg } = await bothWays(under + layer + over, input);
    expect(kinds(plan)).toBe('fill picture band');
    expect(plan.fallbacks).toEqual([]);
    expect(await pixelDifference(composed, resvg, 2)).toBe(0);
  });

  it('in a scaled document', async () => {
    const { plan, composed, resvg } = await bothWays(
      '<rect id="MAIN_001" x="50" y="60" width="120" height="100" rx="14"/>',
      'noise.png',
      { size: 'width="1080" height="1080" viewBox="0 0 540 540"' },
    );
    expect(kinds(plan)).toBe('picture');
    expect(await pixelDifference(composed, resvg, 2)).toBe(0);
  });

  it('with a blurred background under everything, on white or on transparency', async () => {
    for (const background of ['white', 'transparent'] as const) {
      const { plan, composed, resvg } = await bothWays(
        '<rect id="MAIN_BLUR" x="40" y="60" width="700" height="500"/>' + under + over,
        'clear.png',
        { background },
      );
      expect(kinds(plan)).toBe('picture fill band');
      expect((await sharp(composed).stats()).isOpaque).toBe(background === 'white');
      expect(await pixelDifference(composed, resvg, 2)).toBe(0);
    }
  });

  it('lays flat colours down itself where their edges are on whole pixels, faded or not', async () => {
    for (const background of ['white', 'transparent'] as const) {
      const { plan, composed, resvg } = await bothWays(
        '<rect width="1080" height="1080" fill="#102030" fill-opacity="0.35"/>' +
          '<rect id="MAIN_001" x="100" y="120" width="240" height="200"/>' +
          '<rect x="0" y="600" width="1080" height="200" fill="#e53935"/>' +
          '<rect transform="translate(10 10)" x="40" y="650" width="300" height="90" fill="#fff" opacity="0.5" rx="0"/>' +
          '<rect x="700.5" y="650" width="100" height="100" fill="#fff" opacity="0.5"/>',
        'noise.png',
        { background },
      );
      expect(kinds(plan)).toBe('fill picture fill fill band');
      expect(await pixelDifference(composed, resvg, 2)).toBe(0);
    }
  });

  it('lays a darkening overlay over an opaque blurred background as the background is made', async () => {
    const { plan, composed, resvg } = await bothWays(
      '<rect id="MAIN_BLUR" width="1080" height="1080"/>' +
        '<rect width="1080" height="1080" fill="#000000" opacity="0.2"/>' +
        '<rect width="1080" height="1080" fill="#1e88e5" fill-opacity="0.1"/>' +
        '<rect id="MAIN_001" x="90" y="90" width="900" height="600" rx="24"/>',
      'photo.jpg',
    );
    expect(kinds(plan)).toBe('picture fill fill picture');
    expect(await pixelDifference(composed, resvg, 2)).toBe(0);
  });

  it('keeps a flat colour in the band around it rather than split the band in two', async () => {
    const { plan, composed, resvg } = await bothWays(
      '<circle cx="50" cy="50" r="40" fill="#00695c"/><rect width="500" height="500" fill="#fff" opacity="0.4"/>' +
        '<circle cx="80" cy="80" r="40" fill="#ffca28"/>',
      'noise.png',
    );
    expect(kinds(plan)).toBe('band');
    expect(await pixelDifference(composed, resvg, 2)).toBe(0);
  });

  it('writes JPEG and WebP too', async () => {
    for (const format of ['jpeg', 'webp'] as const) {
      const { composed, resvg } = await bothWays(
        '<rect id="MAIN_BLUR" width="1080" height="1080"/><rect id="MAIN_001" x="90" y="90" width="900" height="600" rx="24"/>',
        'photo.jpg',
        { format, quality: 90 },
      );
      expect((await sharp(composed).metadata()).format).toBe(format);
      // Lossy encoders round the same pixels a little differently where a level or two changed.
      expect(await pixelDifference(composed, resvg, 8)).toBeLessThan(0.0001);
    }
  });
});

describe('render leaves to resvg the pictures it cannot show it draws the same', () => {
  const cases: [string, string, string][] = [
    [
      'turned',
      '<rect id="MAIN_001" x="100" y="120" width="240" height="200" transform="rotate(10 200 200)"/>',
      'turned, skewed or flipped',
    ],
    [
      'scaled up',
      '<rect id="MAIN_001" x="100" y="120" width="600" height="400"/>',
      'drawn at 2 × 2 its prepared size',
    ],
    [
      'clipped by its group',
      '<clipPath id="c"><circle cx="200" cy="200" r="90"/></clipPath><g clip-path="url(#c)"><rect id="MAIN_001" x="100" y="120" width="240" height="200"/></g>',
      "its group's clip-path",
    ],
    [
      'used elsewhere',
      '<rect id="MAIN_001" x="100" y="120" width="240" height="200"/><use href="#MAIN_001" x="300"/>',
      'its group is used elsewhere',
    ],
  ];
  it.each(cases)('%s', async (_, body, reason) => {
    const { plan, composed, resvg } = await bothWays(body, 'quadrants.png');
    expect(plan.fallbacks).toEqual([{ ref: 'adloom-image:1', layerId: 'MAIN_001', reason }]);
    // resvg draws these from the picture embedded as JPEG (quality 95), the reference from a PNG of it.
    expect(await pixelDifference(composed, resvg, 8)).toBe(0);
  });

  it('draws the whole template with resvg under a style sheet', async () => {
    const { plan, composed, resvg } = await bothWays(
      '<style>rect { opacity: 0.5 }</style><rect id="MAIN_001" x="100" y="120" width="240" height="200"/>',
      'quadrants.png',
    );
    expect(kinds(plan)).toBe('band');
    expect(plan.fallbacks).toMatchObject([{ reason: 'a style sheet' }]);
    expect(await pixelDifference(composed, resvg, 8)).toBe(0);
  });
});
