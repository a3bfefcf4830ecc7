import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { formatBytes, formatDateTime } from '../../lib/format';
import { PortalDeleteMsaMutation } from './api/portalDeleteMsa';
import type { PortalClient } from './planStatus';

type Msa = NonNullable<PortalClient['msa']>;

/** The stored MSA: facts, download and delete. */
export function CurrentMsa({ clientId, msa }: { clientId: string; msa: Msa }) {
  const [, deleteMsa] = useMutation(PortalDeleteMsaMutation);
  const notify = useNotify();
  const [deleting, setDeleting] = useState(false);

  const deleteConfirmed = async () => {
    setDeleting(true);
    const result = await deleteMsa({ clientId });
    setDeleting(false);
    notify.mutation(result, result.data?.portalDeleteMsa, 'The MSA was deleted.');
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete the MSA?',
      children: <Text size="sm">{msa.fileName} is removed from this client. This cannot be undone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => notify.reportFailure(deleteConfirmed()),
    });

  return (
    <Stack gap="xs">
      <Text fw={600}>{msa.fileName}</Text>
      <Text size="sm" c="dimmed">
        {formatBytes(msa.size)} · {msa.contentType} · uploaded {formatDateTime(msa.uploadedAt)}
        {msa.uploadedByEmail ? ` by ${msa.uploadedByEmail}` : ''}
      </Text>
      <Group mt="xs">
        <Button
          component="a"
          href={msa.downloadUrl}
          download={msa.fileName}
          leftSection={<IconDownload size={16} />}
        >
          Download MSA
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={confirmDelete}
          loading={deleting}
        >
          Delete MSA
        </Button>
      </Group>
    </Stack>
  );
}
