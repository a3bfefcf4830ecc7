import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { AuditEventsQuery } from './api/auditEvents';
import { AuditEventsTable } from './AuditEventsTable';
import { AuditFilters } from './AuditFilters';
import { AuditPager } from './AuditPager';
import { useAuditFilters } from './useAuditFilters';

/** The workspace's audit log (its admins': the users screen shows it only to them, and says what it lists). */
export function AuditLog() {
  const filters = useAuditFilters();
  const [{ data, error }] = useQuery({
    query: AuditEventsQuery,
    variables: filters.variables,
    requestPolicy: 'cache-and-network',
  });

  return (
    <>
      <AuditFilters actions={data?.auditActions ?? []} filters={filters} />
      {data ? (
        <>
          <AuditEventsTable events={data.auditEvents.events} />
          <AuditPager total={data.auditEvents.total} page={filters.page} onPage={filters.setPage} />
        </>
      ) : (
        <QueryState error={error} />
      )}
    </>
  );
}
