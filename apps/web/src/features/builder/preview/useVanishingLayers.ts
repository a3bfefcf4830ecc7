/**
 * Which layers vanish for the chosen preview item (issue 16, item 2): the renderer's layerPresence over the
 * editor's template (as the live preview writes it, once edits pause) with the item's metadata, image count
 * and logo as generation gives them (livePreviewInputs). The list goes into the editor's VanishingLayers
 * (vanishingLayersOf) that the layers panel (panels/layers/VanishMark) and the canvas (engine/vanish-marks) read.
 */
import { NO_RATING_COLUMN, planLayerPresence, type VanishingLayer } from '@adloom/renderer';
import { useEffect, useMemo } from 'react';
import { useQuery } from 'urql';
import type { BuilderEditor } from '../engine/BuilderEditor';
import { vanishingLayersOf } from '../engine/vanish-marks';
import { CatalogRatingsQuery } from './api/catalogRatings';
import { LivePreviewInputsQuery } from './api/livePreviewInputs';
import type { PreviewItem } from './previewItem';
import { useDebouncedTemplate } from './usePreviewSession';

/** What layerPresence needs of an item, read from livePreviewInputs. */
export interface ItemPresenceInputs {
  metadata: Record<string, string>;
  imageCount: number;
  hasLogo: boolean;
}

/**
 * The layers of `svg` that vanish for an item; a rating's 'no rating' says NO_RATING_COLUMN when no item of
 * the catalogue has a rating. Empty when the template cannot be read (the canvas says why elsewhere).
 */
export function itemVanishingLayers(
  svg: string,
  item: ItemPresenceInputs,
  catalogueHasRatings: boolean,
): VanishingLayer[] {
  let layers: VanishingLayer[];
  try {
    layers = planLayerPresence(svg).check(item.metadata, {
      imageCount: item.imageCount,
      logoKeys: item.hasLogo ? ['main'] : [],
    });
  } catch {
    return [];
  }
  return catalogueHasRatings
    ? layers
    : layers.map((layer) => (layer.reason === 'no-rating' ? { ...layer, detail: NO_RATING_COLUMN } : layer));
}

/** Keeps the editor's vanishing layers (vanishingLayersOf) up to date for `item` of catalogue `catalogId`. */
export function useVanishingLayers(
  editor: BuilderEditor,
  item: PreviewItem | null,
  catalogId: string | null,
): void {
  const store = vanishingLayersOf(editor);
  const svg = useDebouncedTemplate(editor);
  const [inputsAnswer] = useQuery({
    query: LivePreviewInputsQuery,
    variables: { productCatalogItemId: item?.productCatalogItemId ?? '' },
    pause: !item,
  });
  const [ratingsAnswer] = useQuery({
    query: CatalogRatingsQuery,
    variables: { catalogId: catalogId ?? '' },
    pause: !catalogId,
  });
  const answer = item ? inputsAnswer.data?.livePreviewInputs.inputs : undefined;
  const inputs = useMemo<ItemPresenceInputs | null>(
    () =>
      answer
        ? {
            metadata: JSON.parse(answer.metadataJson) as Record<string, string>,
            imageCount: answer.imageUrls.length,
            hasLogo: answer.logoUrl !== null,
          }
        : null,
    [answer],
  );
  // Unknown counts as rated: the per-item words hold until the catalogue is known to have no rating.
  const rated = catalogId ? (ratingsAnswer.data?.catalogRatings.ratedCount ?? 1) > 0 : true;
  useEffect(() => {
    store.set(svg !== null && inputs ? itemVanishingLayers(svg, inputs, rated) : []);
  }, [store, svg, inputs, rated]);
}
