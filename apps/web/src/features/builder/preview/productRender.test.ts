import { describe, expect, it } from 'vitest';
import type { RenderRequest } from '@adloom/renderer';
import { createProductRenderer, type RenderParts } from './productRender';
import { testItem } from './testItems';

function setup() {
  const requested: string[] = [];
  const drawn: unknown[] = [];
  const requests = async (svg: string, item: { productCatalogItemId: string }) => {
    requested.push(`${item.productCatalogItemId} ${svg}`);
    return { template: svg } as RenderRequest;
  };
  let fail = false;
  const renderParts: RenderParts = async (request, parts) => {
    drawn.push({ template: request.template, parts });
    if (fail) throw new Error('the image host refused');
    return { bitmaps: parts.map((part, index) => ({ part, index }) as unknown as CanvasImageSource) };
  };
  const sourceFor = createProductRenderer(requests, renderParts);
  return { sourceFor, requested, drawn, failNext: () => (fail = true), succeed: () => (fail = false) };
}

describe('the product view’s pictures', () => {
  it('draws a template and item once, however often they are asked for', async () => {
    const { sourceFor, drawn } = setup();
    const source = sourceFor(testItem('a'));
    expect(source.key).toBe('cat-1:a');
    const [first, again] = await Promise.all([
      source.full('<svg/>'),
      sourceFor(testItem('a')).full('<svg/>'),
    ]);
    expect(first).toBe(again);
    expect(drawn).toEqual([{ template: '<svg/>', parts: [null] }]);
    await sourceFor(testItem('b')).full('<svg/>');
    expect(drawn).toHaveLength(2);
  });

  it('draws the ad without the selected layers and only them from one render', async () => {
    const { sourceFor, drawn } = setup();
    const { without, only } = await sourceFor(testItem('a')).split('<svg/>', ['MAIN_001', 'TEXT_1']);
    expect(drawn).toEqual([
      {
        template: '<svg/>',
        parts: [{ withoutLayers: ['MAIN_001', 'TEXT_1'] }, { onlyLayers: ['MAIN_001', 'TEXT_1'] }],
      },
    ]);
    expect([without, only].map((bitmap) => (bitmap as unknown as { index: number }).index)).toEqual([0, 1]);
  });

  it('tries a failed render again the next time it is asked for', async () => {
    const { sourceFor, drawn, failNext, succeed } = setup();
    failNext();
    await expect(sourceFor(testItem('a')).full('<svg/>')).rejects.toThrow('the image host refused');
    succeed();
    await expect(sourceFor(testItem('a')).full('<svg/>')).resolves.toBeTruthy();
    expect(drawn).toHaveLength(2);
  });
});
