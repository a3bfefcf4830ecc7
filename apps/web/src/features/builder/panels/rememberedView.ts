/**
 * The builder's view of a template, remembered per template in localStorage
 * (`adloom.builder.<templateId>.view`; a new template's under `new`): the zoom, or "fit" to fit the window
 * the template is opened in, and which side panels are shown. Never part of the template.
 */
import { useEffect, useRef, useState } from 'react';
import type { BuilderEditor } from '../engine/BuilderEditor';
import { useEditorState, useWorkspace } from '../engine/useEditorState';
import { FIT_ZOOM_MIN, ZOOM_MAX } from '../geometry/zoom';

export interface RememberedView {
  readonly zoom: number | 'fit';
  readonly leftPanel: boolean;
  readonly rightPanel: boolean;
}

/**
 * Below this window width there is room for the canvas and one side panel: a template opened for the first
 * time starts with the side panel folded, and opening one panel folds the other (workspace.ts).
 */
export const NARROW_WINDOW = 1200;

export function viewKey(templateId: string | null): string {
  return `adloom.builder.${templateId ?? 'new'}.view`;
}

/** The view to start with when none is remembered: fitted, the side panel folded in a narrow window. */
export function defaultView(windowWidth: number): RememberedView {
  return { zoom: 'fit', leftPanel: windowWidth >= NARROW_WINDOW, rightPanel: true };
}

/** A remembered view read back; null for nothing or anything else (an old or hand-edited value). */
export function parseView(text: string | null): RememberedView | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { zoom, leftPanel, rightPanel } = value as Record<string, unknown>;
  const zoomOk = zoom === 'fit' || (typeof zoom === 'number' && zoom >= FIT_ZOOM_MIN && zoom <= ZOOM_MAX);
  if (!zoomOk || typeof leftPanel !== 'boolean' || typeof rightPanel !== 'boolean') return null;
  return { zoom, leftPanel, rightPanel };
}

function readStored(key: string): RememberedView | null {
  try {
    return parseView(window.localStorage.getItem(key));
  } catch {
    // Storage may be off (private mode, a policy): nothing is remembered.
    return null;
  }
}

function store(key: string, view: RememberedView): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(view));
  } catch {
    // As above: the view is simply not remembered.
  }
}

/**
 * The view to open a template with: its own remembered one; for a template without one (just saved for
 * the first time, or never opened here) the view last used on a new template, so that saving keeps what
 * the user had; else the default.
 */
function viewFor(key: string): RememberedView {
  return readStored(key) ?? readStored(viewKey(null)) ?? defaultView(window.innerWidth);
}

/**
 * Restores the template's remembered view (or the default) each time a document is loaded into the editor
 * and its canvas is measured, and remembers every change of zoom, fit or panels after that.
 */
export function useRememberedView(editor: BuilderEditor, templateId: string | null): void {
  const key = viewKey(templateId);
  const { workspace } = editor;
  // The panels at once, before the first paint, so the canvas does not jump.
  useState(() => {
    workspace.setNarrow(window.innerWidth < NARROW_WINDOW);
    const view = viewFor(key);
    workspace.setPanels({ left: view.leftPanel, right: view.rightPanel });
  });
  const loads = useEditorState(editor, (state) => state.loads);
  const zoom = useEditorState(editor, (state) => state.zoom);
  const ready = useWorkspace(editor, (state) => state.viewportReady);
  const fittedZoom = useWorkspace(editor, (state) => state.fittedZoom);
  const leftPanel = useWorkspace(editor, (state) => state.leftPanel);
  const rightPanel = useWorkspace(editor, (state) => state.rightPanel);
  // The load whose view was restored; until then the editor's zoom is the load's reset, not the user's.
  const restored = useRef(0);

  useEffect(() => {
    const onResize = () => workspace.setNarrow(window.innerWidth < NARROW_WINDOW);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [workspace]);

  useEffect(() => {
    if (!ready || loads === 0 || restored.current === loads) return;
    const view = viewFor(key);
    if (view.zoom === 'fit') workspace.fit();
    else editor.setZoom(view.zoom, FIT_ZOOM_MIN);
    restored.current = loads;
  }, [editor, workspace, key, loads, ready]);

  useEffect(() => {
    if (restored.current !== loads || loads === 0) return;
    // Read live: the restore above may have changed the zoom in this same pass.
    store(key, {
      zoom: workspace.isFitted ? 'fit' : editor.zoom,
      leftPanel: workspace.getState().leftPanel,
      rightPanel: workspace.getState().rightPanel,
    });
  }, [editor, workspace, key, loads, zoom, fittedZoom, leftPanel, rightPanel]);
}
