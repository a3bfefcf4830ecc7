import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type DashboardQuery, dashboardSearch, parseDashboardQuery } from './model/dashboardQuery';
import { localToday } from './model/dateRange';

/**
 * The dashboard's range, comparison and filters, read from and written to the URL query (replacing the
 * history entry, so Back leaves the dashboard instead of undoing each filter), and the screen's own
 * parameters (`param`, `setParam`) beside them.
 */
export function useDashboardQuery() {
  const [search, setSearch] = useSearchParams();
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
