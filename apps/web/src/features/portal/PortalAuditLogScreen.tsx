import { Select } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import {
  AuditEventsTable,
  AuditFilters,
  AuditPager,
  PortalAuditEventsQuery,
  useAuditFilters,
} from '../audit';
import { PortalClientsQuery } from './api/portalClients';

/** Events of no client: accounts (passwords, sessions) and sign-in links. */
const WITHOUT_CLIENT = 'none';

/** `/portal/audit-log/`: every client's audit log, and the events of no client, newest first. */
export function PortalAuditLogScreen() {
  const filters = useAuditFilters();
  const [client, setClient] = useState<string | null>(null);
  const [{ data, error }] = useQuery({
    query: PortalAuditEventsQuery,
    variables: {
      ...filters.variables,
      clientId: client && client !== WITHOUT_CLIENT ? client : null,
      withoutClient: client === WITHOUT_CLIENT,
    },
    requestPolicy: 'cache-and-network',
  });
  // The client filter's choices, read once, not again with each page or filter of the log.
  const [{ data: clients }] = useQuery({ query: PortalClientsQuery, variables: { onlyPaying: false } });

  return (
    <>
      <ScreenHeader
        title="Audit log"
        description="What members and staff did in every workspace, and account events, newest first."
      />
      <AuditFilters actions={data?.auditActions ?? []} filters={filters}>
        <Select
          label="Client"
          placeholder="Every client"
          data={[
            { value: WITHOUT_CLIENT, label: 'No client (accounts, sign-in links)' },
            ...(clients?.portalClients ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
          value={client}
          onChange={(value) => {
            setClient(value);
            filters.setPage(1);
          }}
          clearable
          searchable
          w={260}
        />
      </AuditFilters>
      {data ? (
        <>
          <AuditEventsTable events={data.portalAuditEvents.events} showClient />
          <AuditPager total={data.portalAuditEvents.total} page={filters.page} onPage={filters.setPage} />
        </>
      ) : (
        <QueryState error={error} />
      )}
    </>
  );
}
