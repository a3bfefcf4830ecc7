import { RENDERER_ERRORS } from '@adloom/template';
import { describe, expect, it } from 'vitest';
import { byId, inner, setup } from '../test/helpers.js';
import { attr, findElement } from '../xml.js';
import { placeMainImages } from './main-images.js';

const slot = (id: string, extra = '') => `<rect id="${id}" x="0" y="0" width="100" height="50"${extra}/>`;

describe('placeMainImages', () => {
  it('matches sorted slot ids to inputs by index, skipping MAIN_BLUR and MAIN_COPY', () => {
    const { root, context } = setup(
      slot('MAIN_002') + slot('MAIN_BLUR') + slot('MAIN_001') + slot('MAIN_COPY'),
      {
        inputs: [{ input: 'one.png' }, { input: 'two.png' }],
      },
    );
    const result = placeMainImages(root, context);
    expect(context.images.map((image) => [image.layerId, image.source])).toEqual([
      ['MAIN_002', 'two.png'],
      ['MAIN_001', 'one.png'],
    ]);
    expect(byId(result, 'MAIN_BLUR')!.name).toBe('rect');
  });

  it('reads cover or contain and the alignment from the id', () => {
    const cases: [string, string][] = [
      ['MAIN_001', 'xMidYMid slice'],
      ['MAIN_001_CONTAIN', 'xMidYMid meet'],
      ['MAIN_001_LEFT_TOP', 'xMinYMin slice'],
      ['MAIN_001_CONTAIN_RIGHT_BOTTOM', 'xMaxYMax meet'],
      ['MAIN_SLOT:shoe;REMBG:false;SCALE:fit', 'xMidYMid meet'],
      ['MAIN_legacy_CONTAIN', 'xMidYMid meet'],
      ['MAIN_001_SLIDESHOW[d=2;t=0.3;n=4]', 'xMidYMid slice'],
    ];
    for (const [id, expected] of cases) {
      const { root, context } = setup(slot(id), { inputs: [{ input: 'a.png' }] });
      const image = findElement(placeMainImages(root, context), (node) => node.name === 'image')!;
      expect(attr(image, 'preserveAspectRatio'), id).toBe(expected);
    }
  });

  it('sizes the need in output pixels through transforms and the viewBox', () => {
    const { root, context } = setup(
      '<g transform="scale(2)"><g id="MAIN_001" transform="rotate(30)"><image width="100" height="50" transform="scale(0.5 1)"/></g></g>',
      { inputs: [{ input: 'a.png' }] },
      { size: 'width="1080" height="1080" viewBox="0 0 540 540"' },
    );
    const result = placeMainImages(root, context);
    expect(context.images[0]).toMatchObject({ width: 100, height: 50 });
    expect(context.images[0]!.pixelWidth).toBeCloseTo(200, 6);
    expect(context.images[0]!.pixelHeight).toBeCloseTo(200, 6);
    expect(inner(result)).toContain('<g id="MAIN_001" transform="rotate(30)"><g transform="scale(0.5 1)">');
  });

  it('keeps a rounded slot rounded', () => {
    const { root, context } = setup(slot('MAIN_001', ' rx="8"'), { inputs: [{ input: 'a.png' }] });
    // The image fills the rounded shape as a pattern.
    expect(inner(placeMainImages(root, context))).toContain(
      '<pattern id="adloom-pattern-1" patternUnits="userSpaceOnUse" x="0" y="0" width="100" height="50">' +
        '<image x="0" y="0" width="100" height="50" preserveAspectRatio="xMidYMid slice" href="adloom-image:1"/></pattern>' +
        '<rect x="0" y="0" width="100" height="50" rx="8" ry="8" fill="url(#adloom-pattern-1)"/>',
    );
  });

  it('throws for a slot without input off-screen, and keeps it on screen', () => {
    const { root, context } = setup(slot('MAIN_001') + slot('MAIN_002'), { inputs: [{ input: 'a.png' }] });
    expect(() => placeMainImages(root, context)).toThrow(RENDERER_ERRORS.missingInputImage('MAIN_002'));
    const onScreen = setup(
      slot('MAIN_001') + slot('MAIN_002'),
      { inputs: [{ input: 'a.png' }] },
      { offscreen: false },
    );
    const result = placeMainImages(onScreen.root, onScreen.context);
    expect(byId(result, 'MAIN_002')!.name).toBe('rect');
    expect(onScreen.context.images).toHaveLength(1);
  });

  it('throws the spec error for a slot without a box', () => {
    const { root, context } = setup('<g id="MAIN_001"><circle r="5"/></g>', { inputs: [{ input: 'a.png' }] });
    expect(() => placeMainImages(root, context)).toThrow(RENDERER_ERRORS.layerNotFound('MAIN_001'));
  });
});
