import { Button, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { clientUrl } from '../../app/routes';
import { PageLoader } from '../../components/PageLoader';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { type ClientScreenProps, useCurrentClient } from '../clients';
import { CatalogQuery } from './api/catalog';
import { CatalogDiagnosticsQuery } from './api/catalogDiagnostics';
import { type CatalogDetail, ISSUE_PARAM, NEW_SET_PARAM, type ProductSet } from './catalog';
import { DiagnosticsTab } from './DiagnosticsTab';
import { ReadinessSummary } from './ReadinessSummary';
import { isImportActive } from '../../lib/importStatus';
import { CatalogHeader } from './CatalogHeader';
import { CatalogSettingsModal } from './CatalogSettingsModal';
import { extraFieldNames } from './ruleFields';
import { ImportActivity } from './ImportActivity';
import { ImageHostsNotice } from './ImageHostsNotice';
import { ImportFailedNotice } from './ImportFailedNotice';
import { ImportsTab } from './ImportsTab';
import { ItemsTab } from './ItemsTab';
import { ProductSetModal } from './ProductSetModal';
import { ProductSetsTab } from './ProductSetsTab';
import { UploadProgress } from '../../components/UploadProgress';
import { useCatalogActions } from './useCatalogActions';
import { usePollWhile } from '../../lib/usePollWhile';

/** `/catalogs/{id}/`: one catalogue: its items, imports and product sets. */
export function CatalogScreen({ route }: ClientScreenProps) {
  const client = useCurrentClient();
  const { id = '' } = useParams();
  const [{ data, error }, reexecute] = useQuery({
    query: CatalogQuery,
    variables: { id },
    requestPolicy: 'cache-and-network',
  });
  const catalog = data?.catalog;
  usePollWhile(isImportActive(catalog?.imports[0]?.status), reexecute);

  if (!client) return null;
  if (!data)
    return (
      <>
        <ScreenHeader title={route.title} />
        {error ? <QueryState error={error} /> : <PageLoader />}
      </>
    );
  if (!catalog)
    return (
      <>
        <ScreenHeader title={route.title} />
        <Paper withBorder p="xl" radius="md">
          <Stack gap="md" align="flex-start">
            <Text fw={600}>Catalogue {id} not found</Text>
            <Text c="dimmed">It may have been deleted, or the link may be wrong.</Text>
            <Button component={Link} to={clientUrl(client.id, 'catalogs/')}>
              Back to catalogues
            </Button>
          </Stack>
        </Paper>
      </>
    );
  return <CatalogPage catalog={catalog} listUrl={clientUrl(client.id, 'catalogs/')} />;
}

type CatalogTab = 'items' | 'diagnostics' | 'imports' | 'sets';

function CatalogPage({ catalog, listUrl }: { catalog: CatalogDetail; listUrl: string }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const newSetOpen = params.get(NEW_SET_PARAM) === 'true';
  const [tab, setTab] = useState<CatalogTab>(newSetOpen ? 'sets' : 'items');
  const [{ data: diagnosticsData }, reexecuteDiagnostics] = useQuery({
    query: CatalogDiagnosticsQuery,
    variables: { id: catalog.id },
    requestPolicy: 'cache-and-network',
  });
  const diagnostics = diagnosticsData?.catalog?.diagnostics;
  // Image sizes are measured after the import, in the background: their counts move until it ends.
  usePollWhile(
    diagnostics !== undefined &&
      diagnostics !== null &&
      !diagnostics.images.done &&
      diagnostics.images.total > 0,
    reexecuteDiagnostics,
  );
  // A new import changes every count: asked again as soon as one completes.
  const completedImport = catalog.imports.find((entry) => entry.status === 'completed')?.id;
  useEffect(() => {
    if (completedImport) reexecuteDiagnostics({ requestPolicy: 'network-only' });
  }, [completedImport, reexecuteDiagnostics]);
  const issueCode = params.get(ISSUE_PARAM);
  const showIssueItems = (code: string | null) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (code) next.set(ISSUE_PARAM, code);
      else next.delete(ISSUE_PARAM);
      return next;
    });
    if (code) setTab('items');
  };
  const [editing, setEditing] = useState<ProductSet | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const actions = useCatalogActions(catalog, {
    onDeleted: () => {
      navigate(listUrl);
    },
  });

  const latest = catalog.imports[0];
  // Lists of items and sets mount afresh (and refetch) when an import completes.
  const currentImport = catalog.imports.find((entry) => entry.status === 'completed')?.id ?? 'none';

  const setNewSetOpen = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set(NEW_SET_PARAM, 'true');
        else next.delete(NEW_SET_PARAM);
        return next;
      },
      { replace: !open },
    );

  return (
    <>
      <CatalogHeader
        catalog={catalog}
        busy={actions.busy}
        onImportNow={actions.importNow}
        onFile={actions.importFile}
        onSettings={() => setSettingsOpen(true)}
        onDelete={actions.remove}
      />
      <Stack gap="md">
        <UploadProgress progress={actions.uploadProgress} />
        {latest && isImportActive(latest.status) && <ImportActivity latest={latest} />}
        {latest?.status === 'failed' && tab !== 'imports' && (
          <ImportFailedNotice latest={latest} onShowImports={() => setTab('imports')} />
        )}
        {latest?.status === 'completed' && latest.imageHostWarnings.length > 0 && tab !== 'imports' && (
          <ImageHostsNotice warnings={latest.imageHostWarnings} />
        )}
        {diagnostics && diagnostics.itemCount > 0 && tab !== 'diagnostics' && (
          <ReadinessSummary diagnostics={diagnostics} onOpen={() => setTab('diagnostics')} />
        )}
        <Tabs value={tab} onChange={(value) => setTab((value as CatalogTab | null) ?? 'items')}>
          <Tabs.List mb="md">
            <Tabs.Tab value="items">Items</Tabs.Tab>
            <Tabs.Tab value="diagnostics">Diagnostics</Tabs.Tab>
            <Tabs.Tab value="imports">Imports</Tabs.Tab>
            <Tabs.Tab value="sets">Product sets</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="items">
            <ItemsTab
              key={currentImport}
              catalogId={catalog.id}
              itemCount={catalog.itemCount}
              issue={
                issueCode
                  ? {
                      code: issueCode,
                      label: diagnostics?.issues.find((i) => i.code === issueCode)?.label ?? issueCode,
                    }
                  : null
              }
              onClearIssue={() => showIssueItems(null)}
            />
          </Tabs.Panel>
          <Tabs.Panel value="diagnostics">
            <DiagnosticsTab catalogId={catalog.id} diagnostics={diagnostics} onShowItems={showIssueItems} />
          </Tabs.Panel>
          <Tabs.Panel value="imports">
            <ImportsTab
              catalog={catalog}
              reimport={{
                busy: actions.busy,
                importNow: actions.importNow,
                importFile: actions.importFile,
              }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="sets">
            <ProductSetsTab
              key={currentImport}
              catalogId={catalog.id}
              onNew={() => setNewSetOpen(true)}
              onEdit={setEditing}
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <ProductSetModal
        catalogId={catalog.id}
        opened={newSetOpen || editing !== null}
        set={newSetOpen ? null : editing}
        extraFieldNames={extraFieldNames(catalog)}
        onClose={() => (newSetOpen ? setNewSetOpen(false) : setEditing(null))}
      />
      <CatalogSettingsModal catalog={catalog} opened={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}
