import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { clientUrl } from '../../app/routes';
import { PageLoader } from '../../components/PageLoader';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { type ClientScreenProps, useCurrentClient } from '../clients';
import { CatalogsQuery } from './api/catalogs';
import { catalogsContext } from './catalog';
import { isImportActive } from '../../lib/importStatus';
import { CatalogsEmptyState } from './CatalogsEmptyState';
import { CatalogsTable } from './CatalogsTable';
import { usePollWhile } from '../../lib/usePollWhile';

/** `/catalogs/`: the workspace's product catalogues, with the state of their last import. */
export function CatalogsScreen({ route }: ClientScreenProps) {
  const client = useCurrentClient();
  const [{ data, error }, reexecute] = useQuery({
    query: CatalogsQuery,
    context: catalogsContext,
    requestPolicy: 'cache-and-network',
  });
  const catalogs = data?.catalogs;
  usePollWhile(catalogs?.some((catalog) => isImportActive(catalog.imports[0]?.status)) ?? false, reexecute);

  if (!client) return null;
  const newUrl = clientUrl(client.id, 'catalogs/new/');
  return (
    <>
      <ScreenHeader
        title={route.title}
        description="Your products, imported from a feed URL or a file, to build product sets and ads from."
        actions={
          catalogs && catalogs.length > 0 ? (
            <Button component={Link} to={newUrl} leftSection={<IconPlus size={16} />}>
              New catalogue
            </Button>
          ) : undefined
        }
      />
      {!catalogs ? (
        error ? (
          <QueryState error={error} />
        ) : (
          <PageLoader />
        )
      ) : catalogs.length === 0 ? (
        <CatalogsEmptyState newUrl={newUrl} />
      ) : (
        <CatalogsTable
          catalogs={catalogs}
          catalogUrl={(id) => clientUrl(client.id, 'catalogs/:id/', { id })}
        />
      )}
    </>
  );
}
