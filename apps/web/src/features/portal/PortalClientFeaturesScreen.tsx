import { Paper } from '@mantine/core';
import { FeatureSwitches } from './FeatureSwitches';
import { PortalClientPage } from './PortalClientPage';

/** `/portal/clients/:id/features/`: the features a client has. */
export function PortalClientFeaturesScreen() {
  return (
    <PortalClientPage tab="features">
      {(client) => (
        <Paper withBorder p="lg" radius="md">
          <FeatureSwitches client={client} />
        </Paper>
      )}
    </PortalClientPage>
  );
}
