import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { useActionKeys } from '../../lib/useIdempotencyKey';
import { ArchiveTemplateMutation } from './api/archiveTemplate';
import { DeleteTemplateMutation } from './api/deleteTemplate';
import { DuplicateTemplateMutation } from './api/duplicateTemplate';
import { templatesContext, type TemplateRef } from './template';

/** Duplicate, archive, unarchive and delete (after a confirmation), each reported in a notification. */
export function useTemplateActions() {
  const [, duplicateTemplate] = useMutation(DuplicateTemplateMutation);
  const [, archiveTemplate] = useMutation(ArchiveTemplateMutation);
  const [, deleteTemplate] = useMutation(DeleteTemplateMutation);
  const notify = useNotify();
  const [busyId, setBusyId] = useState<string | null>(null);
  const duplicateKeys = useActionKeys();

  /** Runs `action` with the template marked busy; what it fails with is shown in red. */
  const track = (template: TemplateRef, action: () => Promise<unknown>) => {
    setBusyId(template.id);
    notify.reportFailure(action().finally(() => setBusyId(null)));
  };

  const duplicate = (template: TemplateRef) =>
    track(template, async () => {
      const result = await duplicateTemplate({
        id: template.id,
        idempotencyKey: duplicateKeys.keyFor(template.id),
      });
      const payload = result.data?.duplicateProductCatalogTemplate;
      if (notify.mutation(result, payload, `‘${payload?.template?.name ?? template.name}’ was created.`))
        duplicateKeys.done(template.id);
    });

  const setArchived = (template: TemplateRef, archived: boolean) =>
    track(template, async () => {
      const result = await archiveTemplate({ id: template.id, archived });
      notify.mutation(
        result,
        result.data?.archiveProductCatalogTemplate,
        archived ? `‘${template.name}’ was archived.` : `‘${template.name}’ was unarchived.`,
      );
    });

  const remove = (template: TemplateRef) =>
    modals.openConfirmModal({
      title: 'Delete template',
      children: (
        <Text size="sm">Delete ‘{template.name}’? Its versions are deleted too. This cannot be undone.</Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        track(template, async () => {
          // The answer holds only the deleted id: name the typename so the lists refetch.
          const result = await deleteTemplate({ id: template.id }, templatesContext);
          notify.mutation(
            result,
            result.data?.deleteProductCatalogTemplate,
            `‘${template.name}’ was deleted.`,
          );
        }),
    });

  return { busyId, duplicate, setArchived, remove };
}
