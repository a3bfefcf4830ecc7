import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import type { CatalogItemRow } from './catalog';
import { availabilityColor, formatPrice } from './catalogFormat';
import { ItemThumbnail } from './ItemThumbnail';

/** One page of items: image, id, title (opens the item), brand, price and sale price, availability. */
export function ItemsTable({
  items,
  onOpen,
}: {
  items: readonly CatalogItemRow[];
  onOpen: (itemId: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" highlightOnHover aria-label="Items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={64}>Image</Table.Th>
            <Table.Th>Id</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>Brand</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th>Availability</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <ItemThumbnail url={item.imageLink} title={item.title || item.id} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {item.id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Anchor component="button" type="button" size="sm" ta="left" onClick={() => onOpen(item.id)}>
                  {item.title || '(no title)'}
                </Anchor>
              </Table.Td>
              <Table.Td>{item.brand || '—'}</Table.Td>
              <Table.Td ta="right">
                {item.salePrice ? (
                  <Stack gap={0} align="flex-end">
                    <Text size="sm" fw={600} c="red.7">
                      {formatPrice(item.salePrice, item.currency)}
                    </Text>
                    <Text size="xs" c="dimmed" td="line-through">
                      {formatPrice(item.price, item.currency)}
                    </Text>
                  </Stack>
                ) : (
                  <Text size="sm">{formatPrice(item.price, item.currency)}</Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={availabilityColor(item.availability)}>
                  {item.availability}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
