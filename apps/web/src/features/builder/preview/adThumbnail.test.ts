import { describe, expect, it, vi } from 'vitest';
import { drawThumbnail, type ThumbnailSources } from './adThumbnail';
import type { PreviewItem } from './previewItem';

const item = { productCatalogItemId: 'item-1', title: 'Red trail shoe' } as PreviewItem;
const canvasPicture = new Blob(['canvas']);
const adPicture = new Blob(['ad']);

function sources(overrides: Partial<ThumbnailSources>): ThumbnailSources {
  return {
    svg: '<svg/>',
    size: { width: 1080, height: 1080 },
    item,
    render: vi.fn(() => Promise.resolve('data:image/png;base64,AD')),
    canvas: vi.fn(() => Promise.resolve(canvasPicture)),
    toJpeg: vi.fn(() => Promise.resolve(adPicture)),
    ...overrides,
  };
}

describe('the saved thumbnail', () => {
  it('is the ad the renderer draws with the preview item, at the template size', async () => {
    const given = sources({});
    expect(await drawThumbnail(given)).toBe(adPicture);
    expect(given.render).toHaveBeenCalledWith('<svg/>', item);
    expect(given.toJpeg).toHaveBeenCalledWith('data:image/png;base64,AD', { width: 1080, height: 1080 });
    expect(given.canvas).not.toHaveBeenCalled();
  });

  it('is the canvas when no item is chosen', async () => {
    const given = sources({ item: null });
    expect(await drawThumbnail(given)).toBe(canvasPicture);
    expect(given.render).not.toHaveBeenCalled();
  });

  it('is the canvas when the ad cannot be drawn, and the save goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const given = sources({ render: () => Promise.reject(new Error('an image answered HTTP 404')) });
    expect(await drawThumbnail(given)).toBe(canvasPicture);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
