import { templateFeatureIds } from '@adloom/commerce';
import { createBuilderDocument, writeBuilderMetadata } from '@adloom/template';
import { describe, expect, it } from 'vitest';
import { templateLayers } from './template-features.js';

const story = (body: string, viewBox = '0 0 1080 1920') =>
  writeBuilderMetadata(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1920" viewBox="${viewBox}">${body}</svg>`,
    createBuilderDocument({ width: 1080, height: 1920 }),
  );

const featuresOf = (svg: string) => templateFeatureIds({ ...templateLayers(svg), tags: [] });

describe('templateLayers', () => {
  it('reads slots, logo and builder texts with their boxes on the canvas', () => {
    const read = templateLayers(
      story(
        '<rect id="MAIN_001" x="0" y="0" width="1080" height="1200"/>' +
          '<g transform="translate(100 300)"><rect id="LOGO_MAIN" x="0" y="0" width="200" height="80"/></g>' +
          '<text title="{price}" data-x="100" data-y="1100" data-width="600" data-height="90" font-size="60">{price}</text>',
      ),
    );
    expect(read).toMatchObject({ width: 1080, height: 1920 });
    expect(read.layers).toEqual([
      { id: 'MAIN_001', text: null, bounds: { left: 0, top: 0, width: 1080, height: 1200 } },
      { id: 'LOGO_MAIN', text: null, bounds: { left: 100, top: 300, width: 200, height: 80 } },
      { id: null, text: '{price}', bounds: { left: 100, top: 1100, width: 600, height: 90 } },
    ]);
  });

  it('scales boxes by the viewBox and takes a text without a height as one line', () => {
    const read = templateLayers(
      story(
        '<text title="{title}" data-x="50" data-y="150" data-width="300" font-size="20">{title}</text>',
        '0 0 540 960',
      ),
    );
    const bounds = read.layers[0]!.bounds!;
    expect(bounds).toMatchObject({ left: 100, top: 300, width: 600 });
    expect(bounds.height).toBeCloseTo(2 * 20 * 1.16, 6);
  });
});

describe('safe_zone from a story template', () => {
  const inside =
    '<rect id="LOGO_MAIN" x="100" y="300" width="200" height="80"/>' +
    '<text title="{price}" data-x="100" data-y="1100" data-width="600" data-height="90">{price}</text>';

  it('is given when the logo and texts stay clear of Meta’s Reel interface', () =>
    expect(featuresOf(story(inside))).toContain('safe_zone'));

  it('is not given when a text sits in the bottom band (captions and call to action)', () =>
    expect(
      featuresOf(
        story(
          `${inside}<text title="{brand}" data-x="100" data-y="1700" data-width="600" data-height="90">{brand}</text>`,
        ),
      ),
    ).not.toContain('safe_zone'));

  it('is not given when a group moves the logo to the top band', () =>
    expect(
      featuresOf(
        story(
          '<g transform="translate(0 -250)"><rect id="LOGO_MAIN" x="100" y="300" width="200" height="80"/></g>' +
            '<text title="{price}" data-x="100" data-y="1100" data-width="600" data-height="90">{price}</text>',
        ),
      ),
    ).not.toContain('safe_zone'));
});
