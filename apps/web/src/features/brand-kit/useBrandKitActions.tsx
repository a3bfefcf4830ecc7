import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { DeleteBrandKitItemMutation } from './api/deleteBrandKitItem';
import { brandKitContext, type BrandKitItemRef } from './brandKit';
import { KIND_WORDS } from './brandKitFormat';

const CONSEQUENCES: Partial<Record<BrandKitItemRef['type'], string>> = {
  FONT: 'Templates that use it show the default font instead.',
  LOGO: 'Ads use the next logo of the brand kit as their main logo.',
  COLOR: 'Ads use the next colour of the brand kit as their primary colour.',
};

/** Deletes an item after a confirmation, and says how it went. */
export function useDeleteBrandKitItem() {
  const [, deleteItem] = useMutation(DeleteBrandKitItemMutation);
  const notify = useNotify();
  return (item: BrandKitItemRef) =>
    modals.openConfirmModal({
      title: `Delete ${KIND_WORDS[item.type][0]}`,
      children: (
        <Text size="sm">
          Delete ‘{item.name}’ from the brand kit? {CONSEQUENCES[item.type] ?? ''} This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        notify.reportFailure(
          deleteItem({ id: item.id }, brandKitContext).then((result) =>
            notify.mutation(result, result.data?.deleteBrandKitItem, `‘${item.name}’ was deleted.`),
          ),
        ),
    });
}
