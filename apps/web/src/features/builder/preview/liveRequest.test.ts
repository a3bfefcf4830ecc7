import { describe, expect, it } from 'vitest';
import {
  liveRenderRequest,
  slotImageUrl,
  templateSlots,
  withoutLogoLayers,
  type LiveInputs,
} from './liveRequest';

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">${body}</svg>`;

const inputs = (fields: Partial<LiveInputs> = {}): LiveInputs => ({
  metadata: { title: 'Trail shoe', price: '129.00' },
  imageUrls: ['/img?index=0', '/img?index=1'],
  brandColor: '#123456',
  logoUrl: '/files/logo.png',
  fonts: [{ fontFamily: 'Acme Sans', fontUrl: '/files/acme.ttf' }],
  ...fields,
});

describe('templateSlots', () => {
  it('lists the image slots in the renderer’s input order, with their features', () => {
    const slots = templateSlots(
      svg(
        '<rect id="MAIN_002_CONTAIN" width="10" height="10"/><text id="t">x</text>' +
          '<rect id="MAIN_001" width="10" height="10"/><rect id="LOGO_MAIN" width="5" height="5"/>',
      ),
    );
    expect(slots.map((slot) => [slot.id, slot.index])).toEqual([
      ['MAIN_001', 0],
      ['MAIN_002_CONTAIN', 1],
    ]);
  });
});

describe('slotImageUrl', () => {
  const [slot] = templateSlots(svg('<rect id="MAIN_001" width="10" height="10"/>'));

  it('takes the item’s image at the slot’s index', () => {
    expect(slotImageUrl(['/a', '/b'], { ...slot!, index: 1 })).toBe('/b');
    expect(slotImageUrl(['/a'], { ...slot!, index: 1 })).toBeNull();
  });

  it('asks the image route for the slot’s pixel features', () => {
    expect(slotImageUrl(['/img?index=0'], { ...slot!, removeBackground: true, removeBorders: true })).toBe(
      '/img?index=0&removeBorders=true&removeBackground=true',
    );
    expect(slotImageUrl(['/img'], { ...slot!, removeBordersHard: true })).toBe('/img?removeBordersHard=true');
  });
});

describe('withoutLogoLayers', () => {
  it('removes every logo layer, nested ones too, and keeps the rest', () => {
    const out = withoutLogoLayers(
      svg(
        '<image id="LOGO_MAIN" width="5" height="5"/><g id="g"><rect id="logo_2"/><rect id="MAIN_001"/></g>',
      ),
    );
    expect(out).not.toMatch(/LOGO_MAIN|logo_2/);
    expect(out).toContain('id="MAIN_001"');
  });

  it('returns the template itself when it has no logo layer', () => {
    const template = svg('<rect id="MAIN_001"/>');
    expect(withoutLogoLayers(template)).toBe(template);
  });
});

describe('liveRenderRequest', () => {
  const template = svg('<rect id="MAIN_001"/><image id="LOGO_MAIN" width="5" height="5"/>');

  it('gives each slot its image with the brand colour, the metadata, the main logo and the brand fonts', () => {
    expect(liveRenderRequest(template, inputs(), ['blob:a', 'blob:b'])).toEqual({
      template,
      inputs: [
        { input: 'blob:a', color: '#123456' },
        { input: 'blob:b', color: '#123456' },
      ],
      metadata: { title: 'Trail shoe', price: '129.00' },
      additionalFiles: {
        logos: [{ key: 'main', input: '/files/logo.png' }],
        fonts: [{ fontFamily: 'Acme Sans', fontUrl: '/files/acme.ttf' }],
      },
    });
  });

  it('leaves the logo layers out when the brand kit has no logo, as generation does', () => {
    const request = liveRenderRequest(template, inputs({ logoUrl: null }), ['blob:a']);
    expect(request.template).not.toContain('LOGO_MAIN');
    expect(request.additionalFiles?.logos).toEqual([]);
  });

  it('gives no input to a slot the item has no image for', () => {
    expect(liveRenderRequest(template, inputs(), ['blob:a', null]).inputs).toEqual([
      { input: 'blob:a', color: '#123456' },
    ]);
  });
});
