import { useCallback, useEffect, useMemo, useReducer, useState, type Dispatch } from 'react';
import { useClient } from 'urql';
import { describeGraphqlError } from '../../../lib/graphqlErrors';
import type { BuilderEditor } from '../engine/BuilderEditor';
import { LivePreviewInputsQuery } from './api/livePreviewInputs';
import type { LiveInputs } from './liveRequest';
import { initialPreviewState, previewReducer, type PreviewAction, type PreviewState } from './previewState';
import { createLiveRenderer, createLiveRequests, type LiveRequests } from './renderLive';
import type { RenderLive } from './useLivePreview';
import { usePreviewItems } from './usePreviewItems';

/** How long the template must stay unchanged before the live preview draws it again. */
export const LIVE_PREVIEW_DEBOUNCE_MS = 300;

/** The builder's preview, shared by the PREVIEW tab and the bottom preview bar. */
export interface PreviewSession {
  state: PreviewState;
  dispatch: Dispatch<PreviewAction>;
  /** Loads the current page of items again (after a failure). */
  reloadItems: () => void;
  /** Draws an item with the current template; a new function when the template changed. */
  renderLive: RenderLive;
  /** The render request of a template and an item (inputs and images cached; the canvas's product view uses it). */
  requests: LiveRequests;
}

/**
 * The editor's template as SVG, updated once edits pause for LIVE_PREVIEW_DEBOUNCE_MS; the same string
 * while only the selection, the zoom or other view state changes. null when it cannot be written.
 */
export function useDebouncedTemplate(editor: BuilderEditor, delayMs = LIVE_PREVIEW_DEBOUNCE_MS) {
  const read = useCallback(() => {
    try {
      return editor.toSvg();
    } catch {
      return null;
    }
  }, [editor]);
  const [svg, setSvg] = useState<string | null>(read);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = editor.subscribe(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setSvg(read()), delayMs);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [editor, read, delayMs]);
  return svg;
}

/** The Preview state (spec section 3), its items, and the live renderer for the editor's template. */
export function usePreviewSession(editor: BuilderEditor): PreviewSession {
  const [state, dispatch] = useReducer(previewReducer, initialPreviewState);
  const reloadItems = usePreviewItems(state, dispatch);
  const client = useClient();
  const requests = useMemo(
    () =>
      createLiveRequests({
        loadInputs: async (productCatalogItemId) => {
          const result = await client
            .query(LivePreviewInputsQuery, { productCatalogItemId }, { requestPolicy: 'network-only' })
            .toPromise();
          const answer = result.data?.livePreviewInputs;
          if (answer?.inputs) {
            const { metadataJson, ...rest } = answer.inputs;
            return { ...rest, metadata: JSON.parse(metadataJson) as LiveInputs['metadata'] };
          }
          throw new Error(
            answer?.error?.message ??
              (result.error ? describeGraphqlError(result.error) : 'the server gave no answer'),
          );
        },
      }),
    [client],
  );
  const renderTemplate = useMemo(() => createLiveRenderer({ requests }), [requests]);
  const svg = useDebouncedTemplate(editor);
  const renderLive = useCallback<RenderLive>(
    (item) =>
      svg === null
        ? Promise.reject(new Error('the template cannot be written as SVG'))
        : renderTemplate(svg, item),
    [renderTemplate, svg],
  );
  return { state, dispatch, reloadItems, renderLive, requests };
}
