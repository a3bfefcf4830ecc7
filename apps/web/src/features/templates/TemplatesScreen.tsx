import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useQuery } from 'urql';
import { clientUrl } from '../../app/routes';
import { useNotify } from '../../app/store/useNotify';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { type ClientScreenProps, useCurrentClient } from '../clients';
import { TemplatesQuery } from './api/templates';
import { ImportProgress } from './ImportProgress';
import { ImportSvgButton } from './ImportSvgButton';
import { templatesContext, type TemplateRef } from './template';
import { TemplateGrid } from './TemplateGrid';
import { TemplateGridSkeleton } from './TemplateGridSkeleton';
import { TemplatesEmptyState } from './TemplatesEmptyState';
import { type TemplateListOptions, TemplatesToolbar } from './TemplatesToolbar';
import { useSvgImport } from './useSvgImport';
import { useTemplateActions } from './useTemplateActions';
import { VersionHistoryDrawer } from './VersionHistoryDrawer';

/** `/products/templates/`: the workspace's templates as a grid of cards. */
export function TemplatesScreen({ route }: ClientScreenProps) {
  const client = useCurrentClient();
  const [options, setOptions] = useState<TemplateListOptions>({
    search: '',
    sort: 'UPDATED',
    archived: false,
  });
  const [search] = useDebouncedValue(options.search.trim(), 300);
  const [{ data, error, fetching }] = useQuery({
    query: TemplatesQuery,
    variables: { search: search || null, archived: options.archived, sort: options.sort },
    context: templatesContext,
  });
  const { busyId, duplicate, setArchived, remove } = useTemplateActions();
  const [historyOf, setHistoryOf] = useState<TemplateRef | null>(null);
  const { importFile, progress } = useSvgImport();
  const notify = useNotify();

  if (!client) return null;
  const url = (path: string) => clientUrl(client.id, path);
  const createUrl = url('products/templates/create/');
  const libraryUrl = url('products/templates/library/');
  const templates = data?.productCatalogTemplates;

  return (
    <>
      <ScreenHeader
        title={route.title}
        description="Ad templates with dynamic slots, used to generate ads from product feeds."
      />
      <TemplatesToolbar
        options={options}
        onChange={setOptions}
        createUrl={createUrl}
        libraryUrl={libraryUrl}
        importButton={
          <ImportSvgButton
            onFile={(file) => notify.reportFailure(importFile(file))}
            busy={progress !== null}
          />
        }
      />
      <ImportProgress progress={progress} />
      {!templates ? (
        error ? (
          <QueryState error={error} />
        ) : (
          <TemplateGridSkeleton />
        )
      ) : templates.length === 0 ? (
        fetching ? (
          <TemplateGridSkeleton />
        ) : (
          <TemplatesEmptyState
            reason={search ? 'no-match' : options.archived ? 'no-archived' : 'none'}
            createUrl={createUrl}
            libraryUrl={libraryUrl}
            onClearSearch={() => setOptions({ ...options, search: '' })}
          />
        )
      ) : (
        <TemplateGrid
          clientId={client.id}
          templates={templates}
          actions={{ duplicate, setArchived, remove, showHistory: setHistoryOf }}
          busyId={busyId}
        />
      )}
      <VersionHistoryDrawer template={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}
