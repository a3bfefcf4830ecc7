import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconBrandMeta } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/format';
import { IntegrationCard } from './IntegrationCard';
import type { MetaIntegration } from './integration';
import type { MetaActions } from './metaActions';
import { MetaConnectionPanel } from './MetaConnectionPanel';
import { MetaSetupNotice } from './MetaSetupNotice';
import { ADMINS_ONLY, connectionStatusLook, metaCardView } from './metaStatus';

/** The Meta card: the server's set-up, then "Connect Meta" or the connection with its accounts and syncs. */
export function MetaPanel({ integration, actions }: { integration: MetaIntegration; actions: MetaActions }) {
  const view = metaCardView(integration);
  const connection = integration.connection;
  const status = connection ? connectionStatusLook(connection.status) : null;
  return (
    <IntegrationCard
      title="Meta (Facebook and Instagram ads)"
      description="Connect Meta to sync your ad accounts' campaigns, ads and daily results every night through the Marketing API."
      badge={
        <Group gap={6}>
          {integration.sandbox && (
            <Badge variant="light" color="grape" radius="sm">
              Sandbox
            </Badge>
          )}
          {status && (
            <Badge variant="light" color={status.color} radius="sm">
              {status.label}
            </Badge>
          )}
        </Group>
      }
    >
      <MetaSetupNotice configured={integration.configured} sandbox={integration.sandbox} />
      {view === 'connected' && connection && (
        // A new connection (after a reconnect) starts from its own saved choices.
        <MetaConnectionPanel key={connection.id} connection={connection} actions={actions} />
      )}
      {view === 'connect' && (
        <Stack gap="xs" align="flex-start">
          {connection?.status === 'DISCONNECTED' && (
            <Text size="sm">
              Disconnected
              {connection.lastSyncAt ? ` (last synced ${formatDateTime(connection.lastSyncAt)})` : ''}. The
              data synced before is kept.
            </Text>
          )}
          <Text size="sm">
            {integration.sandbox
              ? 'You sign in to the fake Graph API as its test user, then pick the ad accounts to sync.'
              : 'You sign in with Facebook, allow Adloom to read your ads (ads_read), then pick the ad accounts to sync.'}
          </Text>
          {!actions.canManage && <Text size="sm">{ADMINS_ONLY}</Text>}
          {actions.canManage && (
            <Button
              leftSection={<IconBrandMeta size={16} />}
              loading={actions.busy === 'connect'}
              onClick={actions.connect}
            >
              Connect Meta
            </Button>
          )}
        </Stack>
      )}
    </IntegrationCard>
  );
}
