import { Stack } from '@mantine/core';
import type { ServerPreviewSlot } from './adGenerationJob';
import { ItemSearch } from './ItemSearch';
import { LivePreview } from './LivePreview';
import { PreviewItemList } from './PreviewItemList';
import { PreviewSourcePickers } from './PreviewSourcePickers';
import { ServerPreview } from './ServerPreview';
import type { PreviewSession } from './usePreviewSession';

export interface PreviewPanelProps {
  /** The saved template version the server preview generates; null until the template is saved. */
  templateVersionId: string | null;
  /** Per slot, the flat feature map startAdGenerationJob's ad config takes. */
  slots: readonly ServerPreviewSlot[];
  /** The Preview state and the live renderer, shared with the bottom preview bar (usePreviewSession). */
  preview: PreviewSession;
}

/**
 * The builder's PREVIEW tab: pick a catalogue, a product set and an item, then see the item generated on
 * the server with the saved template and drawn live with the current one.
 */
export function PreviewPanel({ templateVersionId, slots, preview }: PreviewPanelProps) {
  const { state, dispatch, reloadItems, renderLive } = preview;
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
        initialValue={state.searchString}
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
