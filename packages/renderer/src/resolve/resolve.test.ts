import { describe, expect, it } from 'vitest';
import { embedImages, drawnImageSize } from './embed.js';
import { resolveTemplate } from './resolve.js';
import { svgTemplate } from './test/helpers.js';

const template = svgTemplate(
  '<metadata>{"version":1}</metadata>' +
    '<rect id="MAIN_BLUR" width="1080" height="1080"/>' +
    '<rect id="SALE" width="10" height="10"/>' +
    '<image id="LOGO_MAIN" x="20" y="20" width="100" height="50" href="https://cdn.test/placeholder.png"/>' +
    '<rect id="MAIN_001_CONTAIN" x="100" y="100" width="400" height="400"/>' +
    '<rect id="MAIN_002" x="600" y="100" width="400" height="400"/>' +
    '<rect id="RATING" x="100" y="800" width="223" height="40"/>' +
    '<image href="https://tracker.test/pixel.gif" width="1" height="1"/>',
);

const request = {
  template,
  inputs: [{ input: 'https://cdn.test/1.jpg', color: '#f00' }, { input: 'https://cdn.test/2.jpg' }],
  metadata: { is_sale: 'False', rating_value: '4' },
  additionalFiles: { logos: [{ key: 'main', input: 'https://cdn.test/logo.png' }] },
  addToDOM: false,
};

describe('resolveTemplate', () => {
  it('applies the rules in the spec order and lists the images', async () => {
    const resolved = await resolveTemplate(request);
    expect(resolved.width).toBe(1080);
    expect(resolved.dynamicLayerCount).toBe(2);
    expect(resolved.images.map((image) => [image.ref, image.kind, image.layerId, image.source])).toEqual([
      ['adloom-image:1', 'logo', 'LOGO_MAIN', 'https://cdn.test/logo.png'],
      ['adloom-image:2', 'blur', 'MAIN_BLUR', 'https://cdn.test/1.jpg'],
      ['adloom-image:3', 'slot', 'MAIN_001_CONTAIN', 'https://cdn.test/1.jpg'],
      ['adloom-image:4', 'slot', 'MAIN_002', 'https://cdn.test/2.jpg'],
    ]);
    expect(resolved.warnings).toEqual([]);
  });

  it('refuses an invalid request with the field named', async () => {
    await expect(resolveTemplate({ template, inputs: 'x' })).rejects.toThrow(
      'Invalid render request: inputs must be a list',
    );
    await expect(resolveTemplate({})).rejects.toThrow('template (the SVG text) is missing');
    await expect(resolveTemplate({ template: '<svg' })).rejects.toThrow('could not parse the template!');
  });
});

describe('embedImages', () => {
  it('puts data URLs in and drops every other outside href', async () => {
    const resolved = await resolveTemplate(request);
    const png = (n: number) => `data:image/png;base64,${n}`;
    const svg = embedImages(
      resolved,
      new Map(
        resolved.images.map((image, index) => [image.ref, { href: png(index), width: 200, height: 100 }]),
      ),
    );
    expect(svg).not.toMatch(/adloom-image:|https:|<metadata|SALE/);
    expect(svg).toContain(`href="${png(0)}"`);
    // The blurred background is a picture of its box, drawn without scaling, clipping or filters.
    expect(svg).toContain(
      `<image x="0" y="0" width="1080" height="1080" preserveAspectRatio="none" href="${png(1)}"/>`,
    );
    expect(svg).not.toMatch(/filter|clip-path/);
  });

  it('throws when an image is missing', async () => {
    const resolved = await resolveTemplate(request);
    expect(() => embedImages(resolved, new Map())).toThrow(/no image was given for adloom-image:\d/);
  });

  it('computes the drawn size for cover and contain', () => {
    const natural = { width: 2000, height: 1000 };
    expect(drawnImageSize({ fit: 'cover', pixelWidth: 400, pixelHeight: 400 }, natural)).toEqual({
      width: 800,
      height: 400,
    });
    expect(drawnImageSize({ fit: 'contain', pixelWidth: 400, pixelHeight: 400 }, natural)).toEqual({
      width: 400,
      height: 200,
    });
  });
});
