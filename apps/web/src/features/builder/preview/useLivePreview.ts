import { useEffect, useMemo, useRef, useState } from 'react';
import { createLiveRenderQueue, type LiveRenderOutcome, type LiveRenderQueue } from './liveRenderQueue';
import type { PreviewItem } from './previewItem';

/** Draws a preview item with the builder's current, unsaved template; resolves to a PNG data URL. */
export type RenderLive = (item: PreviewItem) => Promise<string>;

/** What the live preview shows: the picture (the last one while a newer is drawn), or why there is none. */
export interface LivePreviewView {
  rendering: boolean;
  dataUrl: string | null;
  error: string | null;
}

/**
 * Renders `item` with `renderLive` whenever either changes (the builder gives a new renderLive when the
 * template changes), one render at a time. The item's last picture stays up while the next one is drawn.
 */
export function useLivePreview(renderLive: RenderLive, item: PreviewItem | null): LivePreviewView {
  const queueRef = useRef<LiveRenderQueue | null>(null);
  // One object per request, so an outcome can tell whether it answers the current one.
  const request = useMemo(() => (item ? { item, renderLive } : null), [item, renderLive]);
  const [answer, setAnswer] = useState<{ request: object; outcome: LiveRenderOutcome } | null>(null);
  // The last picture of each item stays up while its next one is drawn; another item's never does.
  const [last, setLast] = useState<{ itemId: string; dataUrl: string } | null>(null);

  useEffect(() => {
    const queue = createLiveRenderQueue();
    queueRef.current = queue;
    return () => queue.close();
  }, []);

  useEffect(() => {
    if (!request) return;
    queueRef.current?.request(
      () => request.renderLive(request.item),
      (outcome) => {
        setAnswer({ request, outcome });
        if (outcome.kind === 'rendered')
          setLast({ itemId: request.item.productCatalogItemId, dataUrl: outcome.dataUrl });
      },
    );
  }, [request]);

  if (!request) return { rendering: false, dataUrl: null, error: null };
  const current = answer?.request === request ? answer.outcome : null;
  const lastDataUrl = last && last.itemId === request.item.productCatalogItemId ? last.dataUrl : null;
  if (!current) return { rendering: true, dataUrl: lastDataUrl, error: null };
  if (current.kind === 'failed') return { rendering: false, dataUrl: null, error: current.message };
  return { rendering: false, dataUrl: current.dataUrl, error: null };
}
