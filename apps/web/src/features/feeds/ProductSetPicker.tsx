import { Alert, Anchor, Group, Select } from '@mantine/core';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { clientUrl } from '../../app/routes';
import { FeedCatalogsQuery } from './api/catalogs';
import { FeedProductSetsQuery } from './api/productSets';
import { formatItems } from './feedFormat';
import type { NewFeedForm } from './newFeedForm';

/** The new feed's product set: a catalogue, then one of its sets; fixed when the caller gave them. */
export function ProductSetPicker({
  clientId,
  form,
  fixed,
}: {
  clientId: string;
  form: NewFeedForm;
  fixed: boolean;
}) {
  const { catalogId } = form.getValues();
  const [catalogs] = useQuery({ query: FeedCatalogsQuery });
  const [sets] = useQuery({
    query: FeedProductSetsQuery,
    variables: { catalogId: catalogId ?? '' },
    pause: !catalogId,
  });
  const catalogList = catalogs.data?.catalogs;
  if (catalogList && catalogList.length === 0)
    return (
      <Alert color="yellow" variant="light" title="No catalogue yet">
        A feed turns the items of a product set into ads. Import a catalogue and define a product set first,
        on the{' '}
        <Anchor component={Link} to={clientUrl(clientId, 'catalogs/')} inherit>
          catalogues page
        </Anchor>
        .
      </Alert>
    );
  const setList = sets.data?.productSets;
  return (
    <Group grow align="flex-start" gap="sm">
      <Select
        label="Catalogue"
        placeholder={catalogList ? 'Choose a catalogue' : 'Loading…'}
        data={(catalogList ?? []).map((catalog) => ({
          value: catalog.id,
          label: `${catalog.name} (${formatItems(catalog.itemCount)})`,
        }))}
        value={catalogId}
        onChange={(value) => {
          form.setFieldValue('catalogId', value);
          form.setFieldValue('productSetId', null);
        }}
        disabled={fixed}
        allowDeselect={false}
        searchable
        nothingFoundMessage="No catalogue has this name"
        error={catalogs.error ? 'The catalogues could not be loaded.' : undefined}
      />
      <Select
        label="Product set"
        required
        placeholder={!catalogId ? 'Choose a catalogue first' : setList ? 'Choose a product set' : 'Loading…'}
        data={(setList ?? []).map((set) => ({
          value: set.id,
          label: `${set.name} (${formatItems(set.itemCount)})`,
        }))}
        disabled={fixed || !catalogId}
        allowDeselect={false}
        searchable
        nothingFoundMessage={
          setList?.length === 0 ? 'This catalogue has no product set yet' : 'No set has this name'
        }
        {...form.getInputProps('productSetId')}
      />
    </Group>
  );
}
