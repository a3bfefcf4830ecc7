import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { QueryState } from '../../components/QueryState';
import { DeleteProductSetMutation } from './api/deleteProductSet';
import { ProductSetsQuery } from './api/productSets';
import { type ProductSet, productSetsContext } from './catalog';
import { FeedsList } from '../feeds';
import { ProductSetsTable } from './ProductSetsTable';

/** The product sets of a catalogue, with the button that opens the new-set dialog. */
export function ProductSetsTab({
  catalogId,
  onNew,
  onEdit,
}: {
  catalogId: string;
  onNew: () => void;
  onEdit: (set: ProductSet) => void;
}) {
  const [{ data, error }] = useQuery({
    query: ProductSetsQuery,
    variables: { catalogId },
    context: productSetsContext,
    requestPolicy: 'cache-and-network',
  });
  const [, deleteProductSet] = useMutation(DeleteProductSetMutation);
  const notify = useNotify();
  const [busyId, setBusyId] = useState<string | null>(null);

  const deleteConfirmed = async (set: ProductSet) => {
    setBusyId(set.id);
    const result = await deleteProductSet({ id: set.id }, productSetsContext);
    setBusyId(null);
    notify.mutation(result, result.data?.deleteProductSet, `‘${set.name}’ was deleted.`);
  };

  const remove = (set: ProductSet) =>
    modals.openConfirmModal({
      title: 'Delete product set',
      children: (
        <Text size="sm">
          Delete ‘{set.name}’? The feeds made from it are deleted too. The catalogue’s items stay. This cannot
          be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => notify.reportFailure(deleteConfirmed(set)),
    });

  const sets = data?.productSets;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm" maw={620}>
          A product set is the part of the catalogue a campaign or a feed shows, chosen by rules on the items’
          fields.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={onNew}>
          New product set
        </Button>
      </Group>
      {!sets ? (
        <QueryState error={error} />
      ) : sets.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed">No product sets yet. Create one to pick the items to advertise.</Text>
        </Paper>
      ) : (
        <>
          <ProductSetsTable
            catalogId={catalogId}
            sets={sets}
            busyId={busyId}
            onEdit={onEdit}
            onRemove={remove}
          />
          <FeedsList
            productSetIds={sets.map((set) => set.id)}
            emptyText="No feeds of these product sets yet."
          />
        </>
      )}
    </Stack>
  );
}
