import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentClient } from '../clients';
import {
  type DashboardQuery,
  dashboardSearch,
  parseDashboardQuery,
  sharedDashboardSearch,
  withStoredDashboardSearch,
} from './model/dashboardQuery';
import { localToday } from './model/dateRange';

/** Where the last range and filters chosen on a client's dashboards are kept for the browser tab. */
const storageKey = (clientId: string) => `adloom.dashboards.${clientId}`;

function readStored(key: string | null): string | null {
  if (!key) return null;
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The dashboard's range, comparison and filters, read from and written to the URL query (replacing the
 * history entry, so Back leaves the dashboard instead of undoing each filter), and the screen's own
 * parameters (`param`, `setParam`) beside them.
 */
export function useDashboardQuery() {
  const [urlSearch, setSearch] = useSearchParams();
  const clientId = useCurrentClient()?.id ?? null;
  const key = clientId ? storageKey(clientId) : null;
  // The range follows the user from one dashboard to the next (a sidebar link names none): a screen opened
  // without one shows the range and filters last chosen on another, and writes them into its URL.
  const search = useMemo(() => withStoredDashboardSearch(urlSearch, readStored(key)), [urlSearch, key]);
  useEffect(() => {
    if (search !== urlSearch) setSearch(search, { replace: true });
  }, [search, urlSearch, setSearch]);
  useEffect(() => {
    if (!key || !search.has('from')) return;
    try {
      sessionStorage.setItem(key, sharedDashboardSearch(search).toString());
    } catch {
      // Storage refused (private mode, quota): the range simply does not follow.
    }
  }, [key, search]);
  // Today is taken once per visit: a screen left open past midnight keeps the range it shows.
  const [today] = useState(localToday);
  const query = useMemo(() => parseDashboardQuery(search, today), [search, today]);
  const setQuery = useCallback(
    (next: DashboardQuery) => setSearch((current) => dashboardSearch(next, current), { replace: true }),
    [setSearch],
  );
  // One call per change: React Router's functional update reads the search of the last render, so two
  // calls in a row would each start from it and the second would undo the first.
  const setParams = useCallback(
    (values: Record<string, string | null>) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(values)) {
            if (value == null || value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const setParam = useCallback(
    (name: string, value: string | null) => setParams({ [name]: value }),
    [setParams],
  );
  return { query, setQuery, today, param: (name: string) => search.get(name), setParam, setParams };
}

export type DashboardQueryState = ReturnType<typeof useDashboardQuery>;
