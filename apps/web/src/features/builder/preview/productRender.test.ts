import { describe, expect, it } from 'vitest';
import type { RenderRequest } from '@adloom/renderer';
import { createProductRenderer, type RenderParts } from './productRender';
import { createLiveRequests } from './renderLive';
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

  it('draws a slot whose picture cannot be downloaded as its field, and says why', async () => {
    const drawn: RenderRequest[] = [];
    const requests = createLiveRequests({
      loadInputs: async () => ({
        metadata: { title: 'Backpack' },
        imageUrls: ['/api/clients/c/live-preview/image?item=a&index=0'],
        brandColor: null,
        logoUrl: null,
        fonts: [],
      }),
      fetch: async () =>
        new Response(JSON.stringify({ message: 'the image host 10.1.2.3 is not allowed' }), { status: 502 }),
    });
    const sourceFor = createProductRenderer(requests, async (request, parts) => {
      drawn.push(request);
      return { bitmaps: parts.map(() => ({}) as CanvasImageSource) };
    });
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect id="MAIN_001" width="50" height="50"/></svg>';
    const { problem } = await sourceFor(testItem('a')).full(svg);
    expect(problem).toBe('the image host 10.1.2.3 is not allowed');
    expect(drawn[0]!.inputs?.[0]?.input).toMatch(/^data:image\/png;base64,/);
  });
});
