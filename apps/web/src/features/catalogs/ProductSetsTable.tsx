import { ActionIcon, Group, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { NewFeedButton } from '../feeds';
import type { ProductSet } from './catalog';
import { capitalise } from './catalogFormat';

/** The product sets: name, what they hold in words, how many items, and edit and delete. */
export function ProductSetsTable({
  catalogId,
  sets,
  busyId,
  onEdit,
  onRemove,
}: {
  catalogId: string;
  sets: readonly ProductSet[];
  busyId: string | null;
  onEdit: (set: ProductSet) => void;
  onRemove: (set: ProductSet) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" aria-label="Product sets">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Rules</Table.Th>
            <Table.Th ta="right">Items</Table.Th>
            <Table.Th w={220} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sets.map((set) => (
            <Table.Tr key={set.id}>
              <Table.Td fw={600}>{set.name}</Table.Td>
              <Table.Td>
                <Text size="sm">{capitalise(set.description)}</Text>
              </Table.Td>
              <Table.Td ta="right">{set.itemCount.toLocaleString('en')}</Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <NewFeedButton catalogId={catalogId} productSetId={set.id} size="xs" variant="light" />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Edit ${set.name}`}
                    onClick={() => onEdit(set)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${set.name}`}
                    loading={busyId === set.id}
                    onClick={() => onRemove(set)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
