import { Button, Paper, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { clientUrl } from '../../app/routes';
import { PageLoader } from '../../components/PageLoader';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import type { ClientScreenProps } from '../clients/clientScreen';
import { useCurrentClient } from '../clients/currentClient';
import { TemplateQuery } from './api/template';
import { NotBuilderTemplate } from './NotBuilderTemplate';
import { templatesContext } from './template';
import { TemplateDetails } from './TemplateDetails';

/** `/products/templates/{id}/`: the builder's edit route. Until the builder exists, the template's details. */
export function TemplateScreen({ route }: ClientScreenProps) {
  const client = useCurrentClient();
  const { id = '' } = useParams();
  // Read fresh every time (spec section 7, row 9: not cached).
  const [{ data, error }] = useQuery({
    query: TemplateQuery,
    variables: { id },
    context: templatesContext,
    requestPolicy: 'network-only',
  });

  if (!client) return null;
  const listUrl = clientUrl(client.id, 'products/templates/');
  if (!data)
    return (
      <>
        <ScreenHeader title={route.title} />
        {error ? <QueryState error={error} /> : <PageLoader />}
      </>
    );

  const template = data.productCatalogTemplate;
  if (!template)
    return (
      <>
        <ScreenHeader title={route.title} />
        <Paper withBorder p="xl" radius="md">
          <Stack gap="md" align="flex-start">
            <Text fw={600}>Template {id} not found</Text>
            <Text c="dimmed">It may have been deleted, or the link may be wrong.</Text>
            <Button component={Link} to={listUrl}>
              Back to templates
            </Button>
          </Stack>
        </Paper>
      </>
    );

  return (
    <>
      <ScreenHeader title={template.name} />
      {template.madeWithBuilder ? (
        <TemplateDetails template={template} />
      ) : (
        <NotBuilderTemplate listUrl={listUrl} />
      )}
    </>
  );
}
