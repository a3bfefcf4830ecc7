import { Paper } from '@mantine/core';
import { useNavigate } from 'react-router';
import { clientUrl } from '../../app/routes';
import { ScreenHeader } from '../../components/ScreenHeader';
import { type ClientScreenProps, useCurrentClient } from '../clients';
import { NewCatalogForm } from './NewCatalogForm';

/** `/catalogs/new/`: a new catalogue from an uploaded file or a feed URL; its first import starts at once. */
export function NewCatalogScreen({ route }: ClientScreenProps) {
  const client = useCurrentClient();
  const navigate = useNavigate();
  if (!client) return null;
  return (
    <>
      <ScreenHeader
        title={route.title}
        description="Import your products from a file, or from the URL of your shop’s product feed."
      />
      <Paper withBorder p="xl" radius="md" maw={720}>
        <NewCatalogForm
          onCreated={(catalog) => {
            navigate(clientUrl(client.id, 'catalogs/:id/', { id: catalog.id }));
          }}
          cancelUrl={clientUrl(client.id, 'catalogs/')}
        />
      </Paper>
    </>
  );
}
