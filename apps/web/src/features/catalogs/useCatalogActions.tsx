import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { DeleteCatalogMutation } from './api/deleteCatalog';
import { ImportCatalogMutation } from './api/importCatalog';
import { type CatalogRef, catalogsContext } from './catalog';
import { useCatalogFileUpload } from './useCatalogFileUpload';

/**
 * Import now (from the URL), import a newly uploaded file, and delete (after a confirmation); each
 * reported in a notification. `onDeleted` runs after a delete succeeded.
 */
export function useCatalogActions(catalog: CatalogRef, { onDeleted }: { onDeleted: () => void }) {
  const [, importCatalog] = useMutation(ImportCatalogMutation);
  const [, deleteCatalog] = useMutation(DeleteCatalogMutation);
  const notify = useNotify();
  const { upload, progress } = useCatalogFileUpload();
  const [starting, setStarting] = useState(false);

  const start = async (uploadKey: string | null) => {
    setStarting(true);
    try {
      const result = await importCatalog({ id: catalog.id, source: uploadKey ? { uploadKey } : null });
      notify.mutation(result, result.data?.importCatalog, 'The import has started.');
    } finally {
      setStarting(false);
    }
  };

  const importUpload = async (file: File | null) => {
    if (!file || progress) return;
    const key = await upload(file);
    if (key) await start(key);
  };

  const importNow = () => notify.reportFailure(start(null));
  const importFile = (file: File | null) => notify.reportFailure(importUpload(file));

  const deleteConfirmed = async () => {
    const result = await deleteCatalog({ id: catalog.id }, catalogsContext);
    if (notify.mutation(result, result.data?.deleteCatalog, `‘${catalog.name}’ was deleted.`)) onDeleted();
  };

  const remove = () =>
    modals.openConfirmModal({
      title: 'Delete catalogue',
      children: (
        <Text size="sm">
          Delete ‘{catalog.name}’? Its items, imports and product sets, and the feeds made from them, are
          deleted too. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => notify.reportFailure(deleteConfirmed()),
    });

  return { importNow, importFile, remove, uploadProgress: progress, busy: starting || progress !== null };
}
