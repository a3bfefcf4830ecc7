/**
 * The role labels a marketer reads for the document's layers ('Product image 1 (fit)', 'Logo'), from
 * packages/template's layerRoleLabels: slots numbered in input order. Wherever a slot is named in the
 * builder (the layers panel, the layer data, the images panel) it is by these, never by its id.
 */
import { layerRoleLabels } from '@adloom/template';
import { createContext, useContext, useMemo } from 'react';
import type { BuilderEditor, EditorState } from '../../engine/BuilderEditor';
import { useEditorState } from '../../engine/useEditorState';
import { allLayers } from '../../model/index.js';

const selectLayers = (state: EditorState) => state.model.layers;

/** The labels of the document's role layers by layer id, again only when the layers change. */
export function useRoleLabels(editor: BuilderEditor): ReadonlyMap<string, string> {
  const layers = useEditorState(editor, selectLayers);
  return useMemo(() => layerRoleLabels(allLayers(layers).map((layer) => layer.id)), [layers]);
}

/** The labels for a list of layers (the layers panel provides them once for all its rows). */
export const RoleLabelsContext = createContext<ReadonlyMap<string, string>>(new Map());

/** A listed layer's role label, or null for a plain layer. */
export function useRoleLabel(layerId: string): string | null {
  return useContext(RoleLabelsContext).get(layerId) ?? null;
}
