import type { RenderRequest } from '@adloom/renderer';
import { describe, expect, it, vi } from 'vitest';
import { createLiveRenderer } from './renderLive';
import { testItem } from './testItems';
import type { LiveInputs } from './liveRequest';

const template = (text: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect id="MAIN_001_CONTAIN" width="50" height="50"/><rect id="MAIN_002" width="50" height="50"/><text>${text}</text></svg>`;

const inputsOf = (id: string): LiveInputs => ({
  metadata: { title: `Title ${id}` },
  imageUrls: [`/img/${id}/0`, `/img/${id}/1`],
  brandColor: null,
  logoUrl: null,
  fonts: [],
});

function setup(overrides: { loadInputs?: (id: string) => Promise<LiveInputs> } = {}) {
  const loadInputs = vi.fn(overrides.loadInputs ?? ((id: string) => Promise.resolve(inputsOf(id))));
  const fetch = vi.fn((url: string) => Promise.resolve(new Response(new Blob([url]))));
  const requests: RenderRequest[] = [];
  const renderOffscreen = vi.fn((request: RenderRequest) => {
    requests.push(request);
    return Promise.resolve({ imageDataUrl: `data:image/png;base64,${requests.length}` });
  });
  let blobs = 0;
  const render = createLiveRenderer({
    loadInputs,
    renderOffscreen,
    fetch: fetch as unknown as typeof globalThis.fetch,
    createObjectUrl: () => `blob:${++blobs}`,
    revokeObjectUrl: () => undefined,
  });
  return { render, loadInputs, fetch, renderOffscreen, requests };
}

describe('createLiveRenderer', () => {
  it('draws the template with the item’s inputs, each slot taking its image', async () => {
    const { render, requests, fetch } = setup();
    const item = testItem('A');
    await expect(render(template('one'), item)).resolves.toBe('data:image/png;base64,1');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      `/img/${item.productCatalogItemId}/0`,
      `/img/${item.productCatalogItemId}/1`,
    ]);
    expect(requests[0]).toMatchObject({
      template: template('one'),
      inputs: [{ input: 'blob:1' }, { input: 'blob:2' }],
      metadata: { title: `Title ${item.productCatalogItemId}` },
    });
  });

  it('reads an item’s inputs and images once, and draws the same template and item once', async () => {
    const { render, loadInputs, fetch, renderOffscreen } = setup();
    const item = testItem('A');
    await Promise.all([render(template('one'), item), render(template('one'), item)]);
    await render(template('two'), item);
    expect(renderOffscreen).toHaveBeenCalledTimes(2);
    expect(loadInputs).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('reports a failed load and tries again on the next render', async () => {
    let calls = 0;
    const { render } = setup({
      loadInputs: (id) =>
        ++calls === 1 ? Promise.reject(new Error('Catalogue x not found')) : Promise.resolve(inputsOf(id)),
    });
    await expect(render(template('one'), testItem('A'))).rejects.toThrow('Catalogue x not found');
    await expect(render(template('one'), testItem('A'))).resolves.toMatch(/^data:image\/png/);
  });

  it('says why an image could not be had, in the server’s words', async () => {
    const { render, fetch } = setup();
    fetch.mockImplementation(() =>
      Promise.resolve(
        Response.json(
          { code: 'IMAGE_UNAVAILABLE', message: 'Image 1 of the item: HTTP 404' },
          { status: 502 },
        ),
      ),
    );
    await expect(render(template('one'), testItem('A'))).rejects.toThrow('Image 1 of the item: HTTP 404');
  });

  it('keeps the 24 most recently used images and gives back the blob: URLs of those that leave', async () => {
    const revoked: string[] = [];
    let blobs = 0;
    const render = createLiveRenderer({
      loadInputs: (id) => Promise.resolve(inputsOf(id)),
      renderOffscreen: () => Promise.resolve({ imageDataUrl: 'data:image/png;base64,' }),
      fetch: ((url: string) => Promise.resolve(new Response(new Blob([url])))) as unknown as typeof fetch,
      createObjectUrl: () => `blob:${++blobs}`,
      revokeObjectUrl: (url) => revoked.push(url),
    });
    // Two images per item: twelve items fill the cache; drawing the first again (another template) uses
    // its images, so the thirteenth item pushes out the second item's two.
    for (let n = 1; n <= 12; n += 1) await render(template('one'), testItem(`item-${n}`));
    await render(template('two'), testItem('item-1'));
    expect(revoked).toEqual([]);
    await render(template('one'), testItem('item-13'));
    await vi.waitFor(() => expect(revoked).toEqual(['blob:3', 'blob:4']));
  });
});
