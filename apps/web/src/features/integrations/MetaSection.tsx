import { Paper, Skeleton } from '@mantine/core';
import { useCallback } from 'react';
import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { usePollWhile } from '../../lib/usePollWhile';
import { useCurrentClient } from '../clients';
import { MetaIntegrationQuery } from './api/metaIntegration';
import { MetaPanel } from './MetaPanel';
import { isSyncActive } from './metaStatus';
import { useMetaActions } from './useMetaActions';
import { useMetaReturn } from './useMetaReturn';

/** The Meta card with its data: asked again every 2 seconds while a sync is queued or running. */
export function MetaSection() {
  useMetaReturn();
  const [{ data, error }, reexecute] = useQuery({
    query: MetaIntegrationQuery,
    requestPolicy: 'cache-and-network',
  });
  const refresh = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  const client = useCurrentClient();
  // Staff without a membership: the server decides, and its refusal is shown.
  const canManage = client?.membership ? client.membership.permissions.isAdmin : true;
  const actions = useMetaActions(canManage, refresh);
  const integration = data?.metaIntegration;
  usePollWhile(isSyncActive(integration?.connection?.sync.state), reexecute);

  if (!integration)
    return (
      <Paper withBorder p="lg" radius="md">
        {error ? <QueryState error={error} /> : <Skeleton height={120} aria-label="Loading Meta" />}
      </Paper>
    );
  return <MetaPanel integration={integration} actions={actions} />;
}
