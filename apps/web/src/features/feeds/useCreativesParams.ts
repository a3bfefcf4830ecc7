import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { CreativeStatus } from './feed';
import { readPageParam, readStatusParam } from './feedFormat';

/** The gallery's status filter, page and open item, kept in the URL (`?status=FAILED&page=2&item=SKU-1`). */
export function useCreativesParams() {
  const [params, setParams] = useSearchParams();
  const status = readStatusParam(params.get('status'));
  const page = readPageParam(params.get('page'));
  const itemId = params.get('item');

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      }),
    [setParams],
  );

  return {
    status,
    page,
    itemId,
    /** A new filter starts at its first page. */
    setStatus: (next: CreativeStatus | null) => update({ status: next, page: null, item: null }),
    setPage: (next: number) => update({ page: next > 1 ? String(next) : null }),
    openItem: (next: string | null) => update({ item: next }),
  };
}
