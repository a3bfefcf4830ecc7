import { Stack } from '@mantine/core';
import { useReducer } from 'react';
import type { ServerPreviewSlot } from './adGenerationJob';
import { ItemSearch } from './ItemSearch';
import { LivePreview } from './LivePreview';
import { PreviewItemList } from './PreviewItemList';
import { PreviewSourcePickers } from './PreviewSourcePickers';
import { initialPreviewState, previewReducer } from './previewState';
import { ServerPreview } from './ServerPreview';
import type { RenderLive } from './useLivePreview';
import { usePreviewItems } from './usePreviewItems';

export interface PreviewPanelProps {
  /** The saved template version the server preview generates; null until the template is saved. */
  templateVersionId: string | null;
  /** Per slot, the flat feature map startAdGenerationJob's ad config takes. */
  slots: readonly ServerPreviewSlot[];
  /** Draws an item with the current, unsaved template in the browser; resolves to a PNG data URL. */
  renderLive: RenderLive;
}

/**
 * The builder's PREVIEW tab: pick a catalogue, a product set and an item, then see the item generated on
 * the server with the saved template and drawn live with the current one. Holds the Preview state (spec
 * section 3); remount it (a new key) to clear it.
 */
export function PreviewPanel({ templateVersionId, slots, renderLive }: PreviewPanelProps) {
  const [state, dispatch] = useReducer(previewReducer, initialPreviewState);
  const reloadItems = usePreviewItems(state, dispatch);
  return (
    <Stack gap="md">
      <PreviewSourcePickers
        catalogId={state.catalogId}
        productSetId={state.productSetId}
        dispatch={dispatch}
      />
      <ItemSearch
        key={state.catalogId ?? ''}
        disabled={!state.catalogId}
        onSearch={(searchString) => dispatch({ type: 'search', searchString })}
      />
      <PreviewItemList state={state} dispatch={dispatch} onReload={reloadItems} />
      <ServerPreview templateVersionId={templateVersionId} slots={slots} item={state.selectedItem} />
      <LivePreview
        renderLive={renderLive}
        items={state.previewItems}
        index={state.liveIndex}
        onStep={(step) => dispatch({ type: 'stepLiveIndex', step })}
      />
    </Stack>
  );
}
