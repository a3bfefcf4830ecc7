import { SimpleGrid, Stack } from '@mantine/core';
import { clientRoutes, clientUrl } from '../../app/routes';
import { ScreenHeader } from '../../components/ScreenHeader';
import { type ClientScreenProps, useCurrentClient } from '../clients';
import { AdExportSection } from './AdExportSection';
import { MetaSection } from './MetaSection';
import { NotBuiltCard } from './NotBuiltCard';

const described = (path: string) => clientRoutes.find((route) => route.path === path)?.description ?? '';

/**
 * `/integrations/` (also the Facebook integration page): the Meta connection, the Ads Manager export
 * import, and the integrations later issues build (Shopify, Klaviyo), said plainly.
 */
export function IntegrationsScreen({ route }: ClientScreenProps) {
  const client = useCurrentClient();
  if (!client) return null;
  return (
    <>
      <ScreenHeader
        title={route.title}
        description="Where your advertising results come from: connect Meta, or import an Ads Manager export."
      />
      <Stack gap="lg">
        <MetaSection />
        <AdExportSection overviewUrl={clientUrl(client.id, 'dashboard/overview/')} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <NotBuiltCard title="Shopify" description={described('integrations/shopify/')} />
          <NotBuiltCard title="Klaviyo" description={described('integrations/klaviyo/')} />
        </SimpleGrid>
      </Stack>
    </>
  );
}
