import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The library's selected tags, kept in the URL as repeated `tag` parameters: a link can open the library
 * filtered (a creative feature's "Use in a template"), and the filters survive a reload or a shared link.
 * Changes replace the history entry, so Back leaves the library instead of undoing each checkbox.
 */
export function useLibraryTagSelection() {
  const [search, setSearch] = useSearchParams();
  const tagParams = search.getAll('tag').join('\n');
  const selected = useMemo(
    () => [...new Set(tagParams.split('\n').filter((id) => id.trim() !== ''))],
    [tagParams],
  );

  // Functional updates read the URL as it is now, so two quick clicks both count.
  const update = useCallback(
    (change: (ids: string[]) => string[]) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          const ids = change([...new Set(current.getAll('tag'))]);
          next.delete('tag');
          for (const id of ids) next.append('tag', id);
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const toggle = useCallback(
    (tagId: string, checked: boolean) =>
      update((ids) =>
        checked ? [...ids.filter((id) => id !== tagId), tagId] : ids.filter((id) => id !== tagId),
      ),
    [update],
  );
  const clear = useCallback(() => update(() => []), [update]);
  return { selected, toggle, clear };
}
