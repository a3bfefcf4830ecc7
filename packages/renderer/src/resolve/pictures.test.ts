import { describe, expect, it } from 'vitest';
import { ImageLoadError } from '../server/images/errors.js';
import { pngBomb, pngClaiming } from '../server/images/test/fixtures.js';
import { blurPlan, embedImages, embeddedWidth, MAX_DRAWN_PIXELS } from './embed.js';
import { checkTemplatePictures, registerTemplatePictures } from './pictures.js';
import { resolveTemplate } from './resolve.js';
import { addBlurredBackground } from './rules/blur.js';
import { placeMainImages } from './rules/main-images.js';
import { byId, inner, setup, svgTemplate } from './test/helpers.js';
import { readTemplate } from './template.js';

const png = (width: number, height: number) =>
  `data:image/png;base64,${pngClaiming(width, height).toString('base64')}`;

describe("a template's own pictures", () => {
  it('refuses a 20000 × 20000 data: PNG from its header, naming the picture and the limit', async () => {
    const bomb = `data:image/png;base64,${pngBomb(20_000, 20_000).toString('base64')}`;
    const template = svgTemplate(`<image id="hero" width="1080" height="1080" href="${bomb}"/>`);
    const error = await resolveTemplate({ template }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageLoadError);
    expect(error).toMatchObject({
      code: 'TOO_MANY_PIXELS',
      message:
        'Template image <image id="hero"> is 20000 × 20000 pixels, more than the limit of 25 megapixels; use a smaller image',
    });
    // The check the server runs when a template is saved says the same.
    expect(() => checkTemplatePictures(readTemplate(template).root)).toThrow((error as Error).message);
  });

  it('names a picture without an id by its number, and checks xlink:href and feImage too', () => {
    const ok = png(10, 10);
    const body =
      `<image width="5" height="5" href="${ok}"/>` +
      `<filter id="f"><feImage xlink:href="${png(6000, 6000)}"/></filter>`;
    expect(() =>
      checkTemplatePictures(
        readTemplate(svgTemplate(body, 'width="10" height="10" xmlns:xlink="http://www.w3.org/1999/xlink"'))
          .root,
      ),
    ).toThrow('Template image 2 (an <feImage> without an id) is 6000 × 6000 pixels');
  });

  it('makes each picture an image need, sized as it is drawn, so it is shrunk like any input', () => {
    const picture = png(2000, 1000);
    const { root, context } = setup(
      `<g transform="scale(0.5)"><image id="p" x="10" y="20" width="800" height="400" preserveAspectRatio="xMidYMid slice" href="${picture}"/></g>` +
        `<defs><pattern id="t"><image id="q" width="10" height="10" href="${picture}"/></pattern></defs>`,
    );
    const resolved = registerTemplatePictures(root, context);
    expect(context.images).toMatchObject([
      {
        ref: 'adloom-image:1',
        kind: 'picture',
        layerId: 'p',
        fit: 'cover',
        pixelWidth: 400,
        pixelHeight: 200,
      },
      // Drawn by reference, at a size only the pattern's user knows: kept at its own size.
      {
        ref: 'adloom-image:2',
        kind: 'picture',
        layerId: 'q',
        fit: 'contain',
        pixelWidth: 2000,
        pixelHeight: 1000,
      },
    ]);
    expect(context.images[0]!.source).toBe(picture);
    expect(byId(resolved, 'p')?.attributes.href).toBe('adloom-image:1');
    expect(inner(resolved)).not.toContain('data:');
  });

  it('writes the size of an auto-sized picture, since the embedded one may be smaller', () => {
    const { root, context } = setup(
      `<image id="a" href="${png(300, 100)}"/><image id="b" height="50" href="${png(300, 100)}"/>`,
    );
    const resolved = registerTemplatePictures(root, context);
    expect(byId(resolved, 'a')?.attributes).toMatchObject({ width: '300', height: '100' });
    expect(byId(resolved, 'b')?.attributes).toMatchObject({ width: '150', height: '50' });
  });

  it('leaves an empty data: URL alone, and embedImages drops every data: URL that is not a prepared image', async () => {
    const template = svgTemplate(
      '<image id="empty" width="5" height="5" href="data:image/png;base64,"/><rect id="MAIN_001" width="10" height="10"/>',
    );
    const resolved = await resolveTemplate({ template, inputs: [{ input: 'https://cdn.test/a.png' }] });
    expect(resolved.images.map((need) => need.kind)).toEqual(['slot']);
    const svg = embedImages(
      resolved,
      new Map([['adloom-image:1', { href: 'data:image/png;base64,AAAA', width: 1, height: 1 }]]),
    );
    expect(svg).toContain('href="data:image/png;base64,AAAA"');
    expect(svg).not.toContain('href="data:image/png;base64,"');
  });
});

describe('how large a picture is embedded', () => {
  it('sizes a box drawn far beyond the canvas down to four times the canvas', () => {
    const { root, context } = setup('<rect id="MAIN_001" width="8000" height="8000"/>', {
      inputs: [{ input: 'https://cdn.test/a.jpg' }],
    });
    placeMainImages(root, context);
    const [need] = context.images;
    expect(need!.drawnPixelLimit).toBe(4 * 1080 * 1080);
    expect(need!.pixelWidth * need!.pixelHeight).toBeCloseTo(4 * 1080 * 1080, 0);
    expect(need!.pixelWidth).toBeCloseTo(2160, 6);
    // A 5000 × 5000 input would otherwise be embedded whole; it gets the limit's width instead.
    expect(embeddedWidth([need!], { width: 5000, height: 5000 })).toBe(2160);
    // A panorama covering a normal box is embedded at most at the limit too.
    expect(
      embeddedWidth([{ fit: 'cover', pixelWidth: 1080, pixelHeight: 1080 }], { width: 25_000, height: 1000 }),
    ).toBe(Math.floor(Math.sqrt(MAX_DRAWN_PIXELS * 25)));
  });

  it('blurs a strip whose cover size is huge at no more than a sixteenth of the limit', () => {
    const { root, context } = setup('<rect id="MAIN_BLUR" width="1080" height="1080"/>', {
      inputs: [{ input: 'https://cdn.test/strip.png' }],
    });
    addBlurredBackground(root, context);
    // 25000 × 1 pixels (nothing, under the pixel limit) would cover the box 35 million pixels wide.
    const plan = blurPlan(context.images[0]!, { width: 25_000, height: 1 });
    expect(plan.small.width * plan.small.height).toBeLessThanOrEqual(
      (4 * 1080 * 1080) / 16 + plan.small.width,
    );
    expect(plan.output).toEqual({ width: 1080, height: 1080 });
  });
});
