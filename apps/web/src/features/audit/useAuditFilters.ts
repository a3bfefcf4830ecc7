import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { AUDIT_PAGE_SIZE } from './auditEvent';

/** What useAuditFilters gives: the filters, their setters, the page and the query's variables. */
export type AuditFilterState = ReturnType<typeof useAuditFilters>;

/** The filter and page state of a log: a filter change goes back to the first page. */
export function useAuditFilters() {
  const [page, setPage] = useState(1);
  const [action, setActionState] = useState<string | null>(null);
  const [actor, setActorState] = useState('');
  const [debouncedActor] = useDebouncedValue(actor.trim(), 300);
  return {
    page,
    setPage,
    action,
    setAction: (value: string | null) => {
      setActionState(value);
      setPage(1);
    },
    actor,
    setActor: (value: string) => {
      setActorState(value);
      setPage(1);
    },
    /** The query's variables for these filters and this page. */
    variables: {
      action,
      actor: debouncedActor || null,
      offset: (page - 1) * AUDIT_PAGE_SIZE,
      limit: AUDIT_PAGE_SIZE,
    },
  };
}
