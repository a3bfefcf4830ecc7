import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from 'urql';
import { ProductSetPreviewQuery } from './api/productSetPreview';

/** How long the editor waits after the last change before it counts again. */
export const PREVIEW_DEBOUNCE_MS = 300;
/** How many matching items the preview names. */
const PREVIEW_ITEMS = 5;

/**
 * The live count of a filter (Meta's JSON text): asked 300 ms after the last change; nothing is asked
 * while `filterJson` is null (the rules are not complete).
 */
export function useFilterPreview(catalogId: string, filterJson: string | null) {
  const [debounced] = useDebouncedValue(filterJson, PREVIEW_DEBOUNCE_MS);
  const [{ data, error, fetching }] = useQuery({
    query: ProductSetPreviewQuery,
    variables: { catalogId, filterJson: debounced ?? '{}', limit: PREVIEW_ITEMS },
    pause: debounced === null,
  });
  return {
    preview: debounced === null ? undefined : data?.productSetPreview,
    error,
    // A change not yet counted shows as counting too.
    counting: fetching || debounced !== filterJson,
  };
}
