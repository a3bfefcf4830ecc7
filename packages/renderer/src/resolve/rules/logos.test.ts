import { RENDERER_ERRORS } from '@adloom/template';
import { describe, expect, it } from 'vitest';
import { inner, setup } from '../test/helpers.js';
import { insertLogos } from './logos.js';

describe('insertLogos', () => {
  const logos = [
    { key: 'main', input: 'https://cdn.test/main.png' },
    { key: 'main_brand', input: 'https://cdn.test/brand.png' },
  ];

  it('puts the logo whose key is in the id (the longest) into the layer, contained and centred', () => {
    const { root, context } = setup(
      '<image id="LOGO_MAIN" x="10" y="20" width="200" height="100" href="https://cdn.test/placeholder.png" opacity="0.5"/>' +
        '<g id="logo_main_brand" transform="translate(5 5)"><rect x="0" y="0" width="50" height="50" fill="#ccc"/></g>',
      { additionalFiles: { logos } },
    );
    const result = insertLogos(root, context);
    expect(inner(result)).toBe(
      '<g id="LOGO_MAIN" opacity="0.5">' +
        '<image x="10" y="20" width="200" height="100" preserveAspectRatio="xMidYMid meet" href="adloom-image:1"/></g>' +
        '<g id="logo_main_brand" transform="translate(5 5)">' +
        '<image x="0" y="0" width="50" height="50" preserveAspectRatio="xMidYMid meet" href="adloom-image:2"/></g>',
    );
    expect(context.images.map((image) => [image.source, image.kind, image.fit, image.pixelWidth])).toEqual([
      ['https://cdn.test/main.png', 'logo', 'contain', 200],
      ['https://cdn.test/brand.png', 'logo', 'contain', 50],
    ]);
  });

  it('throws the spec error when no key matches', () => {
    const { root, context } = setup('<rect id="LOGO_MAIN_2" width="10" height="10"/>', {
      additionalFiles: { logos: [{ key: 'partner', input: 'x.png' }] },
    });
    expect(() => insertLogos(root, context)).toThrow(RENDERER_ERRORS.logoNotFound('LOGO_MAIN_2'));
    const empty = setup('<rect id="LOGO_MAIN" width="10" height="10"/>');
    expect(() => insertLogos(empty.root, empty.context)).toThrow(
      'Could not find logo for layer id=LOGO_MAIN',
    );
  });

  it('throws when the logo layer has nothing to size the logo by', () => {
    const { root, context } = setup('<g id="LOGO_MAIN"><circle r="4"/></g>', { additionalFiles: { logos } });
    expect(() => insertLogos(root, context)).toThrow(RENDERER_ERRORS.layerNotFound('LOGO_MAIN'));
  });
});
