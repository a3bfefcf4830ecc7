import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { QueryState } from '../../components/QueryState';
import { RestoreTemplateVersionMutation } from './api/restoreTemplateVersion';
import { TemplateVersionsQuery } from './api/templateVersions';
import { templatesContext, type TemplateVersion } from './template';
import { versionNumbers } from './templateFormat';
import { VersionRow } from './VersionRow';

/** A template's versions, newest (current) first; older ones can be restored as a new version. */
export function VersionList({ templateId }: { templateId: string }) {
  const [{ data, error }] = useQuery({
    query: TemplateVersionsQuery,
    variables: { templateId },
    context: templatesContext,
  });
  const [, restoreVersion] = useMutation(RestoreTemplateVersionMutation);
  const notify = useNotify();
  const [busyId, setBusyId] = useState<string | null>(null);

  if (!data) return <QueryState error={error} />;
  const versions = data.productCatalogTemplateVersions;
  if (versions.length === 0) return <Text c="dimmed">This template has no saved versions.</Text>;
  const numbers = versionNumbers(versions);

  const restoreConfirmed = async (version: TemplateVersion) => {
    setBusyId(version.id);
    // The newest version shown: if someone saved since, the restore is refused (CONFLICT) and the list reloads.
    const result = await restoreVersion({
      templateId,
      versionId: version.id,
      baseVersionId: versions[0]!.id,
    });
    const payload = result.data?.restoreProductCatalogTemplateVersion;
    notify.mutation(
      result,
      payload,
      `Version ${version.number} restored as version ${payload?.template?.versionNumber ?? ''}`.trim(),
    );
    setBusyId(null);
  };

  const restore = (version: TemplateVersion) =>
    modals.openConfirmModal({
      title: `Restore version ${version.number}?`,
      children: (
        <Text size="sm">
          Version {version.number} becomes the current version again, saved as a new version. No version is
          lost.
        </Text>
      ),
      labels: { confirm: 'Restore', cancel: 'Cancel' },
      onConfirm: () => notify.reportFailure(restoreConfirmed(version)),
    });

  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Versions">
      {versions.map((version, index) => (
        <VersionRow
          key={version.id}
          version={version}
          current={index === 0}
          restoredFrom={version.restoredFromId ? numbers.get(version.restoredFromId) : undefined}
          onRestore={() => restore(version)}
          busy={busyId === version.id}
          disabled={busyId !== null}
        />
      ))}
    </Stack>
  );
}
