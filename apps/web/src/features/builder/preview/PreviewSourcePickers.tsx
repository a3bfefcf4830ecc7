import { Anchor, Select, Stack, Text } from '@mantine/core';
import type { Dispatch } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { clientUrl } from '../../../app/routes';
import { ProductSetsQuery } from '../../catalogs';
import { useCurrentClient } from '../../clients';
import { FeedCatalogsQuery, formatItems } from '../../feeds';
import type { PreviewAction } from './previewState';

/** Where the preview items come from: a catalogue, and optionally one of its product sets. */
export function PreviewSourcePickers({
  catalogId,
  productSetId,
  dispatch,
}: {
  catalogId: string | null;
  productSetId: string | null;
  dispatch: Dispatch<PreviewAction>;
}) {
  const currentClient = useCurrentClient();
  const [catalogs] = useQuery({ query: FeedCatalogsQuery });
  const [sets] = useQuery({
    query: ProductSetsQuery,
    variables: { catalogId: catalogId ?? '' },
    pause: !catalogId,
  });
  const catalogList = catalogs.data?.catalogs;
  const setList = sets.data?.productSets;

  if (catalogList?.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No catalogue yet. Import one on the{' '}
        {currentClient ? (
          <Anchor component={Link} to={clientUrl(currentClient.id, 'catalogs/')} inherit>
            catalogues page
          </Anchor>
        ) : (
          'catalogues page'
        )}{' '}
        to preview the template with real items.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Select
        label="Catalogue"
        placeholder={catalogList ? 'Choose a catalogue' : 'Loading…'}
        data={(catalogList ?? []).map((catalog) => ({
          value: catalog.id,
          label: `${catalog.name} (${formatItems(catalog.itemCount)})`,
        }))}
        value={catalogId}
        onChange={(value) => dispatch({ type: 'chooseCatalog', catalogId: value })}
        allowDeselect={false}
        searchable
        nothingFoundMessage="No catalogue has this name"
        error={
          catalogs.error ? 'The catalogues could not be loaded. Reload the page to try again.' : undefined
        }
      />
      <Select
        label="Product set"
        placeholder={!catalogId ? 'Choose a catalogue first' : 'All items'}
        data={(setList ?? []).map((set) => ({
          value: set.id,
          label: `${set.name} (${formatItems(set.itemCount)})`,
        }))}
        value={productSetId}
        onChange={(value) => {
          const set = setList?.find((entry) => entry.id === value);
          dispatch({
            type: 'chooseProductSet',
            productSet: set ? { id: set.id, filterJson: set.filterJson } : null,
          });
        }}
        disabled={!catalogId}
        clearable
        searchable
        nothingFoundMessage={
          setList?.length === 0 ? 'This catalogue has no product set yet' : 'No set has this name'
        }
        error={sets.error ? 'The product sets could not be loaded. Choose the catalogue again.' : undefined}
      />
    </Stack>
  );
}
