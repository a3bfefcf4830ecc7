import { describe, expect, it } from 'vitest';
import { byId, setup } from '../test/helpers.js';
import { removeConditionalLayers } from './conditional.js';

const body =
  '<rect id="SALE" width="1" height="1"/><g id="SALE_2"><text>%</text></g>' +
  '<rect id="STOCK_LEVEL_LESS_THAN_10" width="1" height="1"/><rect id="STOCK_LEVEL_LESS_THAN_50_2" width="1" height="1"/>' +
  '<rect id="sale_badge" width="1" height="1"/><rect id="plain" width="1" height="1"/>';

function kept(metadata: Record<string, unknown>): string[] {
  const { root, context } = setup(body, { metadata: metadata as never });
  const result = removeConditionalLayers(root, context);
  return [
    'SALE',
    'SALE_2',
    'STOCK_LEVEL_LESS_THAN_10',
    'STOCK_LEVEL_LESS_THAN_50_2',
    'sale_badge',
    'plain',
  ].filter((id) => byId(result, id) !== undefined);
}

describe('removeConditionalLayers', () => {
  it('removes sale and stock layers when the flags are missing', () => {
    expect(kept({})).toEqual(['plain']);
  });

  it("reads 'False' and false as false, anything else as true", () => {
    expect(kept({ is_sale: 'False', stock_level_less_than_10: false })).toEqual(['plain']);
    expect(kept({ is_sale: 'True' })).toEqual(['SALE', 'SALE_2', 'sale_badge', 'plain']);
    expect(kept({ is_sale: true, stock_level_less_than_10: 'true', stock_level_less_than_50: 1 })).toEqual([
      'SALE',
      'SALE_2',
      'STOCK_LEVEL_LESS_THAN_10',
      'STOCK_LEVEL_LESS_THAN_50_2',
      'sale_badge',
      'plain',
    ]);
  });

  it('returns the same tree when nothing is conditional', () => {
    const { root, context } = setup('<rect id="plain"/>');
    expect(removeConditionalLayers(root, context)).toBe(root);
  });
});
