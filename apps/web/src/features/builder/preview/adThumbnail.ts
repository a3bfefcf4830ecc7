/**
 * The thumbnail a save stores (issue 16, item 1): the ad as the renderer draws it with the preview item
 * when one is chosen, so template cards show an ad rather than template code; else the canvas as drawn
 * (spec section 9: a JPEG at most 1080 on its long side). The renderer's picture does not depend on the
 * canvas's view (product or fields) or zoom.
 */
import { useCallback, useMemo, type RefObject } from 'react';
import type { BuilderEditor } from '../engine/BuilderEditor';
import type { FabricView } from '../engine/fabric-view';
import { savedThumbnailSize } from '../geometry/images';
import type { PreviewItem } from './previewItem';
import { canvasItem } from './productItem';
import { renderInPage } from './productRender';
import { createLiveRenderer, type RenderTemplate } from './renderLive';
import type { PreviewSession } from './usePreviewSession';

const THUMBNAIL_TYPE = 'image/jpeg';
const THUMBNAIL_QUALITY = 0.9;

/** A picture (a data URL) as the saved thumbnail: scaled to at most 1080 on its long side, on white. */
export async function jpegThumbnail(
  dataUrl: string,
  canvas: { width: number; height: number },
): Promise<Blob> {
  const image = new Image();
  image.src = dataUrl;
  await image.decode();
  const { width, height } = savedThumbnailSize(canvas);
  const element = document.createElement('canvas');
  element.width = width;
  element.height = height;
  const context = element.getContext('2d');
  if (!context) throw new Error('the browser cannot draw the thumbnail');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    element.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Canvas is empty'))),
      THUMBNAIL_TYPE,
      THUMBNAIL_QUALITY,
    ),
  );
}

/** What a save's thumbnail is drawn from. */
export interface ThumbnailSources {
  /** The template as saved, and its size. */
  svg: string;
  size: { width: number; height: number };
  /** The preview item, when one is chosen. */
  item: PreviewItem | null;
  render: RenderTemplate;
  /** The canvas as drawn (the fallback). */
  canvas: () => Promise<Blob>;
  toJpeg?: typeof jpegThumbnail;
}

/**
 * The rendered ad with the item, or the canvas when no item is chosen or the ad cannot be drawn (an image
 * of the item is gone, say): the save goes on with the canvas, and the reason is logged.
 */
export async function drawThumbnail(sources: ThumbnailSources): Promise<Blob> {
  const { item } = sources;
  if (item === null) return sources.canvas();
  try {
    const dataUrl = await sources.render(sources.svg, item);
    return await (sources.toJpeg ?? jpegThumbnail)(dataUrl, sources.size);
  } catch (error) {
    console.warn('The thumbnail shows the canvas: the ad could not be drawn with the preview item', error);
    return sources.canvas();
  }
}

/** The builder's save thumbnail: the ad with the preview's item (the canvas's), else the canvas view's picture. */
export function useAdThumbnail(
  editor: BuilderEditor,
  preview: PreviewSession,
  view: RefObject<FabricView | null>,
): () => Promise<Blob> {
  // Drawn as the canvas's product view draws it: an item without a picture for a slot still makes a thumbnail.
  const render = useMemo(
    () =>
      createLiveRenderer({ requests: preview.requests, renderOffscreen: (request) => renderInPage(request) }),
    [preview.requests],
  );
  const item = canvasItem(preview.state);
  return useCallback(() => {
    const { model } = editor.getState();
    return drawThumbnail({
      svg: editor.toSvg(),
      size: { width: model.width, height: model.height },
      item,
      render,
      canvas: () => view.current?.thumbnail() ?? Promise.reject(new Error('Canvas is empty')),
    });
  }, [editor, item, render, view]);
}
