import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import type { Dispatch } from 'react';
import { PreviewItemPager } from './PreviewItemPager';
import { PreviewItemRow } from './PreviewItemRow';
import type { PreviewAction, PreviewState } from './previewState';

/** The page of preview items to pick from, with its loading, empty and failed states. */
export function PreviewItemList({
  state,
  dispatch,
  onReload,
}: {
  state: PreviewState;
  dispatch: Dispatch<PreviewAction>;
  onReload: () => void;
}) {
  switch (state.itemsStatus) {
    case 'idle':
      return null;
    case 'loading':
      return <Loader size="sm" aria-label="Loading items" />;
    case 'failed':
      return (
        <Alert color="red" title="The items could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{state.itemsError}</Text>
            <Button size="xs" variant="default" onClick={onReload}>
              Try again
            </Button>
          </Stack>
        </Alert>
      );
    case 'loaded':
      break;
  }
  if (state.previewItems.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {state.searchString
          ? `No item matches ‘${state.searchString}’. Search looks in ids, titles and brands.`
          : state.productSetId
            ? 'This product set has no items. Choose another set.'
            : 'This catalogue has no items yet. They appear once an import completes.'}
      </Text>
    );
  const selectedId = state.selectedItem?.productCatalogItemId;
  return (
    <Stack gap={4}>
      {state.previewItems.map((item) => (
        <PreviewItemRow
          key={item.productCatalogItemId}
          item={item}
          selected={item.productCatalogItemId === selectedId}
          onPick={(picked) => dispatch({ type: 'selectItem', item: picked })}
        />
      ))}
      <PreviewItemPager
        offset={state.previewOffset}
        shown={state.previewItems.length}
        total={state.itemTotal}
        onOffset={(offset) => dispatch({ type: 'setOffset', offset })}
      />
    </Stack>
  );
}
