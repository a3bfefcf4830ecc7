import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from 'urql';
import type { BuilderEditor } from '../engine/BuilderEditor';
import { ProductView } from '../engine/product-view';
import { PreviewCataloguesQuery } from './api/previewCatalogs';
import { runCommand } from '../commands/registry';
import {
  canvasItem,
  lastUpdatedCatalogue,
  readCanvasView,
  readRememberedItem,
  rememberCanvasView,
  rememberItem,
} from './productItem';
import { createProductRenderer } from './productRender';
import type { PreviewSession } from './usePreviewSession';

/**
 * The canvas's product view for the builder (engine/product-view.ts): drawn with the preview's item. When
 * the builder opens, the item remembered for the template (localStorage) is picked again; otherwise the
 * catalogue updated last is chosen, so its first item is drawn. The chosen item is remembered per template,
 * the view (product or fields) chosen last for every template.
 */
export function useProductView(
  editor: BuilderEditor,
  preview: PreviewSession,
  templateId: string | null,
): ProductView {
  const [productView] = useState(() => new ProductView(editor));
  const { state, dispatch, requests } = preview;
  const sourceFor = useMemo(() => createProductRenderer(requests), [requests]);
  const item = canvasItem(state);
  // The product view keeps its source while the item stays the same (a page loaded again).
  const source = useMemo(() => (item ? sourceFor(item) : null), [sourceFor, item]);
  useEffect(() => productView.setSource(source), [productView, source]);

  // The view chosen last, then every choice remembered.
  useEffect(() => {
    const remembered = readCanvasView(window.localStorage);
    if (remembered) runCommand(editor, 'set-canvas-view', { view: remembered });
    let last = editor.getState().canvasView;
    return editor.subscribe(() => {
      const view = editor.getState().canvasView;
      if (view === last) return;
      last = view;
      rememberCanvasView(window.localStorage, view);
    });
  }, [editor]);

  // The first choice: the remembered item if its catalogue is still there, else the catalogue updated last.
  const [catalogues] = useQuery({ query: PreviewCataloguesQuery });
  const chosen = useRef(false);
  const list = catalogues.data?.catalogs;
  useEffect(() => {
    if (chosen.current || !list) return;
    chosen.current = true;
    if (state.catalogId) return;
    const remembered = templateId ? readRememberedItem(window.localStorage, templateId) : null;
    if (remembered && list.some((catalogue) => catalogue.id === remembered.catalogId)) {
      dispatch({ type: 'chooseCatalog', catalogId: remembered.catalogId });
      dispatch({ type: 'selectItem', item: remembered.item });
      return;
    }
    const latest = lastUpdatedCatalogue(list);
    if (latest) dispatch({ type: 'chooseCatalog', catalogId: latest });
  }, [list, state.catalogId, templateId, dispatch]);

  const catalogId = state.catalogId;
  useEffect(() => {
    if (templateId && catalogId && item && chosen.current)
      rememberItem(window.localStorage, templateId, { catalogId, item });
  }, [templateId, catalogId, item]);

  return productView;
}
