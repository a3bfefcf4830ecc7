import { describe, expect, it } from 'vitest';
import type { ImageNeed } from '../resolve/context.js';
import { resolveTemplate } from '../resolve/resolve.js';
import { serializeXml } from '../resolve/serialize.js';
import { svgTemplate } from '../resolve/test/helpers.js';
import { planComposition, type CompositionPlan, type PictureLayer } from './plan.js';

/** Plans a template whose inputs are `sizes` (pixel sizes of the prepared pictures, by need kind order). */
async function plan(
  body: string,
  pictureSize: (need: ImageNeed) => { width: number; height: number },
  size?: string,
): Promise<CompositionPlan> {
  const resolved = await resolveTemplate(
    {
      template: svgTemplate(body, size),
      inputs: [{ input: 'https://cdn.test/a.jpg' }, { input: 'https://cdn.test/b.jpg' }],
    },
    { offscreen: true },
  );
  return planComposition(resolved, pictureSize);
}

const kinds = (result: CompositionPlan) => result.layers.map((layer) => layer.kind).join(' ');
const pictures = (result: CompositionPlan) =>
  result.layers.filter((layer): layer is PictureLayer => layer.kind === 'picture');
const text = (result: CompositionPlan, index: number) => {
  const layer = result.layers[index]!;
  return layer.kind === 'band' ? serializeXml(layer.root) : '';
};

// The prepared pictures of a 1500 × 1125 photo in the 470 × 560 boxes below (render's sizes).
const photo = (need: ImageNeed) =>
  need.kind === 'blur' ? { width: 1080, height: 1080 } : { width: 747, height: 560 };

describe('planComposition', () => {
  it('stacks pictures between bands of the vector layers around them, in paint order', async () => {
    const result = await plan(
      '<rect id="MAIN_BLUR" width="1080" height="1080"/>' +
        '<rect width="1080" height="1080" fill="#000" opacity="0.2"/>' +
        '<rect id="MAIN_001" x="60" y="170" width="470" height="560" rx="28"/>' +
        '<rect id="MAIN_002" x="550" y="170" width="470" height="560"/>' +
        '<circle cx="940" cy="140" r="62" fill="#e53935"/><rect x="60" y="760" width="960" height="280" fill="#fff"/>',
      photo,
    );
    expect(kinds(result)).toBe('picture fill picture picture band fill');
    expect(result.fallbacks).toEqual([]);
    expect(result.layers[1]).toEqual({
      kind: 'fill',
      area: { left: 0, top: 0, width: 1080, height: 1080 },
      colour: [0, 0, 0],
      alpha: 0.2,
    });
    expect(text(result, 4)).toContain('<circle');
    expect(result.layers[5]).toMatchObject({ kind: 'fill', colour: [255, 255, 255], alpha: 1 });
    const [blur, rounded, plain] = pictures(result);
    expect(blur).toMatchObject({ left: 0, top: 0, area: { left: 0, top: 0, width: 1080, height: 1080 } });
    expect(blur!.mask).toBeUndefined();
    // 747 pixels centred on 470: the picture starts 138.5 pixels left of the box; resvg samples the
    // pixel under each centre, so its first column lands on 60 - 139.
    expect(rounded).toMatchObject({
      left: -79,
      top: 170,
      area: { left: 60, top: 170, width: 470, height: 560 },
    });
    expect(serializeXml(rounded!.mask!)).toContain('rx="28"');
    expect(plain).toMatchObject({
      left: 411,
      top: 170,
      area: { left: 550, top: 170, width: 470, height: 560 },
    });
    expect(plain!.mask).toBeUndefined();
  });

  it('masks edges that fall inside a pixel with the coverage resvg gives them', async () => {
    // 200 × 133 contained in 200 × 150: 8.5 pixels above and below.
    const result = await plan(
      '<rect id="MAIN_001_CONTAIN" x="100" y="80" width="200" height="150"/>',
      () => ({
        width: 200,
        height: 133,
      }),
    );
    const [layer] = pictures(result);
    expect(layer).toMatchObject({
      left: 100,
      top: 88,
      area: { left: 100, top: 88, width: 200, height: 134 },
    });
    expect(serializeXml(layer!.mask!)).toContain('viewBox="100 88 200 134"');
  });

  it('puts every resource in every band, and opens groups that only move their content', async () => {
    const result = await plan(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>' +
        '<rect width="10" height="10" fill="url(#g)"/>' +
        '<g transform="translate(20 30)"><circle r="5"/><rect id="MAIN_001" width="747" height="560"/><circle r="6" fill="url(#g)"/></g>',
      photo,
    );
    expect(kinds(result)).toBe('band picture band');
    expect(pictures(result)[0]).toMatchObject({ left: 20, top: 30 });
    for (const index of [0, 2]) expect(text(result, index)).toContain('<linearGradient id="g">');
    expect(text(result, 0)).toContain('<g transform="translate(20 30)"><circle r="5"/></g>');
    expect(text(result, 2)).toContain('<g transform="translate(20 30)"><circle r="6" fill="url(#g)"/></g>');
  });

  it('leaves out a picture entirely outside the canvas', async () => {
    const result = await plan('<rect id="MAIN_001" x="2000" y="0" width="747" height="560"/>', photo);
    expect(result).toEqual({ layers: [], fallbacks: [] });
  });

  it('draws the whole template as one band when a band refers into another', async () => {
    const result = await plan(
      '<g><linearGradient id="g"/><rect width="10" height="10" fill="url(#g)"/></g>' +
        '<rect id="MAIN_001" width="747" height="560"/><rect width="10" height="10" fill="url(#g)"/>',
      photo,
    );
    expect(kinds(result)).toBe('band');
    expect(result.fallbacks).toEqual([
      { ref: 'adloom-image:1', layerId: 'MAIN_001', reason: 'a reference from one band into another' },
    ]);
  });

  it('names why each picture left to resvg is left', async () => {
    const result = await plan(
      '<rect id="MAIN_001" x="0.5" y="0" width="470" height="560" rx="8"/>' +
        '<g filter="url(#f)"><rect id="MAIN_002" width="747" height="560"/></g>',
      photo,
    );
    expect(result.fallbacks.map((fallback) => [fallback.layerId, fallback.reason])).toEqual([
      ['MAIN_001', 'a rounded box with an edge inside a pixel'],
      ['MAIN_002', "its group's filter"],
    ]);
    expect(kinds(result)).toBe('band');
  });

  it('works in the root viewBox units', async () => {
    const result = await plan(
      '<rect id="MAIN_001" x="30" y="85" width="235" height="280"/>',
      photo,
      'width="1080" height="1080" viewBox="0 0 540 540"',
    );
    expect(pictures(result)[0]).toMatchObject({ left: -79, top: 170, area: { left: 60, width: 470 } });
  });
});
