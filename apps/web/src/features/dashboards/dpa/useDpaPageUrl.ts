import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { sharedDashboardSearch } from '../model/dashboardQuery';
import { DPA_PAGES, dpaPageUrl } from './model/dpaPages';

/** The URL of a DPA page by key, with the range and filters shown now (a tab keeps what was chosen). */
export function useDpaPageUrl(clientId: string): (key: string) => string {
  const [search] = useSearchParams();
  const shared = sharedDashboardSearch(search).toString();
  return useCallback(
    (key: string) => {
      const page = DPA_PAGES.find((p) => p.key === key) ?? DPA_PAGES[0];
      return page ? dpaPageUrl(clientId, page, new URLSearchParams(shared)) : '';
    },
    [clientId, shared],
  );
}
