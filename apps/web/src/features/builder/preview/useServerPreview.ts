import { useEffect, useState } from 'react';
import { useClient } from 'urql';
import type { AdJobState, ServerPreviewSlot } from './adGenerationJob';
import { runAdGenerationJob, urqlAdJobApi } from './adJobRunner';
import type { PreviewItem } from './previewItem';

/** What the server preview shows: why it cannot start yet, or the job's state. */
export type ServerPreviewView =
  { phase: 'needsTemplate' } | { phase: 'needsItem' } | Exclude<AdJobState, { phase: 'idle' }>;

/**
 * Runs the server preview of `item` with the saved template version while both exist (spec section 4):
 * a new version, item or slot features cancel the running preview and start another; so does retry().
 */
export function useServerPreview({
  templateVersionId,
  slots,
  item,
}: {
  templateVersionId: string | null;
  slots: readonly ServerPreviewSlot[];
  item: Pick<PreviewItem, 'productCatalogItemId'> | null;
}): { view: ServerPreviewView; retry: () => void } {
  const client = useClient();
  const itemId = item?.productCatalogItemId ?? null;
  // By content: the builder may hand over an equal array on every render.
  const slotsJson = JSON.stringify(slots);
  const [attempt, setAttempt] = useState(0);
  const runKey =
    templateVersionId && itemId ? `${templateVersionId}\n${itemId}\n${slotsJson}\n${attempt}` : null;
  const [run, setRun] = useState<{ key: string; state: AdJobState } | null>(null);

  useEffect(() => {
    if (!templateVersionId || !itemId) return undefined;
    const key = `${templateVersionId}\n${itemId}\n${slotsJson}\n${attempt}`;
    const input = {
      templateVersionId,
      productCatalogItemId: itemId,
      slots: JSON.parse(slotsJson) as ServerPreviewSlot[],
    };
    return runAdGenerationJob(urqlAdJobApi(client, input), (state) => setRun({ key, state }));
  }, [client, templateVersionId, itemId, slotsJson, attempt]);

  const retry = () => setAttempt((count) => count + 1);
  if (!templateVersionId) return { view: { phase: 'needsTemplate' }, retry };
  if (!itemId) return { view: { phase: 'needsItem' }, retry };
  // Until the new run reports, the previous run's state belongs to other inputs.
  const state = run && run.key === runKey ? run.state : null;
  if (!state || state.phase === 'idle') return { view: { phase: 'starting' }, retry };
  return { view: state, retry };
}
