import { Drawer, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { CatalogItemQuery } from './api/catalogItem';
import { ItemDetails } from './ItemDetails';

/** Every field of one item in a drawer; closed while `itemId` is null. */
export function ItemDrawer({
  catalogId,
  itemId,
  onClose,
}: {
  catalogId: string;
  itemId: string | null;
  onClose: () => void;
}) {
  const [{ data, error }] = useQuery({
    query: CatalogItemQuery,
    variables: { catalogId, itemId: itemId ?? '' },
    pause: itemId === null,
    // A newer import may have changed the item since it was last opened.
    requestPolicy: 'cache-and-network',
  });
  const item = itemId !== null && data?.catalogItem?.id === itemId ? data.catalogItem : null;
  return (
    <Drawer
      opened={itemId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={item ? item.title || item.id : 'Item'}
    >
      {item ? (
        <ItemDetails item={item} />
      ) : data && data.catalogItem === null ? (
        <Text c="dimmed">Item {itemId} is no longer in the catalogue: a newer import removed it.</Text>
      ) : (
        <QueryState error={error} />
      )}
    </Drawer>
  );
}
