import { Alert } from '@mantine/core';
import { useCallback } from 'react';
import { useQuery } from 'urql';
import { describeGraphqlError } from '../../lib/graphqlErrors';
import { isImportActive } from '../../lib/importStatus';
import { usePollWhile } from '../../lib/usePollWhile';
import { AdExportImportPanel } from './AdExportImportPanel';
import { AdPerformanceImportsQuery } from './api/adPerformanceImports';
import { useAdExportImport } from './useAdExportImport';

/** The Ads Manager export card with its imports: asked again every 2 seconds while one is queued or running. */
export function AdExportSection({ overviewUrl }: { overviewUrl: string }) {
  const [{ data, error }, reexecute] = useQuery({
    query: AdPerformanceImportsQuery,
    requestPolicy: 'cache-and-network',
  });
  const refresh = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  const { onFile, progress, busy } = useAdExportImport(refresh);
  const imports = data?.adPerformanceImports ?? null;
  usePollWhile(imports?.some((entry) => isImportActive(entry.status)) ?? false, reexecute);

  return (
    <>
      {error && !imports && (
        <Alert color="red" title="The imports could not be loaded">
          {describeGraphqlError(error)}
        </Alert>
      )}
      <AdExportImportPanel
        imports={imports}
        progress={progress}
        busy={busy}
        onFile={onFile}
        overviewUrl={overviewUrl}
      />
    </>
  );
}
