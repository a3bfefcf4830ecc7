import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { RenameBrandKitItemMutation } from './api/renameBrandKitItem';
import { brandKitContext, type BrandKitItemRef } from './brandKit';
import { KIND_WORDS } from './brandKitFormat';

/** Renames a guide, logo or font (spec section 4); `item` null keeps the dialog closed. */
export function RenameModal({
  item,
  maxLength,
  onClose,
}: {
  item: BrandKitItemRef | null;
  maxLength: number;
  onClose: () => void;
}) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={item ? `Rename ${KIND_WORDS[item.type][0]}` : ''}>
      {item && <RenameForm key={item.id} item={item} maxLength={maxLength} onDone={onClose} />}
    </Modal>
  );
}

function RenameForm({
  item,
  maxLength,
  onDone,
}: {
  item: BrandKitItemRef;
  maxLength: number;
  onDone: () => void;
}) {
  const [name, setName] = useState(item.name);
  const [{ fetching }, rename] = useMutation(RenameBrandKitItemMutation);
  const notify = useNotify();
  const submit = async () => {
    const result = await rename({ id: item.id, name }, brandKitContext);
    const payload = result.data?.renameBrandKitItem;
    if (
      notify.mutation(result, payload, `‘${item.name}’ was renamed ‘${payload?.brandKitItem?.name ?? name}’.`)
    )
      onDone();
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        notify.reportFailure(submit());
      }}
    >
      <Stack>
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={maxLength}
          required
          data-autofocus
        />
        {item.type === 'FONT' && (
          <Text size="sm" c="dimmed">
            The name is the font family templates use: letters, digits, spaces, hyphens and underscores, in
            title case. Templates that use the old name show the default font until they use the new one.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={fetching} disabled={name.trim() === ''}>
            Rename
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
