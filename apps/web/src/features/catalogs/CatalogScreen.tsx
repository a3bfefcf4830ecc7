import { Button, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { clientUrl } from '../../app/routes';
import { PageLoader } from '../../components/PageLoader';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { type ClientScreenProps, useCurrentClient } from '../clients';
import { CatalogQuery } from './api/catalog';
import { type CatalogDetail, NEW_SET_PARAM, type ProductSet } from './catalog';
import { isImportActive } from './catalogFormat';
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
import { UploadProgress } from './UploadProgress';
import { useCatalogActions } from './useCatalogActions';
import { usePollWhile } from './usePollWhile';

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

type CatalogTab = 'items' | 'imports' | 'sets';

function CatalogPage({ catalog, listUrl }: { catalog: CatalogDetail; listUrl: string }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const newSetOpen = params.get(NEW_SET_PARAM) === 'true';
  const [tab, setTab] = useState<CatalogTab>(newSetOpen ? 'sets' : 'items');
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
        <Tabs value={tab} onChange={(value) => setTab((value as CatalogTab | null) ?? 'items')}>
          <Tabs.List mb="md">
            <Tabs.Tab value="items">Items</Tabs.Tab>
            <Tabs.Tab value="imports">Imports</Tabs.Tab>
            <Tabs.Tab value="sets">Product sets</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="items">
            <ItemsTab key={currentImport} catalogId={catalog.id} itemCount={catalog.itemCount} />
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
