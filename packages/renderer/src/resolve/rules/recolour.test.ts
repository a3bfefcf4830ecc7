import { describe, expect, it } from 'vitest';
import { inner, setup } from '../test/helpers.js';
import { isColorValue, recolourLayers } from './recolour.js';

describe('recolourLayers', () => {
  it('takes inputs[0].color for COLOR_PRIMARY, in the attribute and the style', () => {
    const { root, context } = setup(
      '<rect id="COLOR_PRIMARY" fill="#000" style="fill: #111; stroke: red"/><rect id="other" fill="#000"/>',
      { inputs: [{ input: 'a.png', color: '#ff0000' }] },
    );
    expect(inner(recolourLayers(root, context))).toBe(
      '<rect id="COLOR_PRIMARY" fill="#ff0000" style="fill: #ff0000; stroke: red"/><rect id="other" fill="#000"/>',
    );
  });

  it('takes the metadata key after the colon, and recolours painted descendants', () => {
    const { root, context } = setup(
      '<g id="COLOR_PRIMARY_2:brand_color"><rect fill="#000"/><rect fill="none" stroke="#000"/><rect fill="none"/><text>x</text></g>',
      { metadata: { brand_color: 'rgb(0, 128, 255)' } },
    );
    expect(inner(recolourLayers(root, context))).toBe(
      '<g id="COLOR_PRIMARY_2:brand_color" fill="rgb(0, 128, 255)"><rect fill="rgb(0, 128, 255)"/>' +
        '<rect fill="none" stroke="rgb(0, 128, 255)"/><rect fill="none"/><text>x</text></g>',
    );
  });

  it('keeps the design and warns when the colour is missing or not a colour', () => {
    const { root, context } = setup(
      '<rect id="COLOR_PRIMARY" fill="#000"/><rect id="SALE_COLOR_PRIMARY:c" fill="#000"/>',
      {
        inputs: [{ input: 'a.png' }],
        metadata: { c: 'red; background: url(x)' },
      },
    );
    expect(recolourLayers(root, context)).toBe(root);
    expect(context.warnings).toEqual([
      'Layer COLOR_PRIMARY keeps its colour: inputs[0].color is missing',
      "Layer SALE_COLOR_PRIMARY:c keeps its colour: metadata c 'red; background: url(x)' is not a colour",
    ]);
  });

  it('accepts hex, functional and keyword colours only', () => {
    for (const ok of [
      '#abc',
      '#aabbcc',
      '#aabbccdd',
      'rgb(1,2,3)',
      'rgba(1 2 3 / 50%)',
      'hsl(120, 50%, 50%)',
      'teal',
    ]) {
      expect(isColorValue(ok), ok).toBe(true);
    }
    for (const bad of ['#ab', 'url(#x)', 'red;', 'rgb(a)', '']) expect(isColorValue(bad), bad).toBe(false);
  });
});
