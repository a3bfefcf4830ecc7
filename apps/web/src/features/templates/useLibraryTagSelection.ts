import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The library's selected tags, kept in the URL as repeated `tag` parameters: a link can open the library
 * filtered (a creative feature's "Use in a template"), and the filters survive a reload or a shared link.
 * Changes replace the history entry, so Back leaves the library instead of undoing each checkbox.
 */
export function useLibraryTagSelection() {
  const [search, setSearch] = useSearchParams();
  const tagParams = search.getAll('tag').join('\n');
  const fromUrl = useMemo(
    () => [...new Set(tagParams.split('\n').filter((id) => id.trim() !== ''))],
    [tagParams],
  );
  // The checkboxes follow this at once: the router applies a URL change in a transition, which React may
  // hold back while the filtered list loads, so a box read from the URL alone stayed unticked meanwhile.
  // When the URL changes (a link, Back, or our own change arriving), it wins (set during render, as
  // React's docs adjust state to a changed input).
  const [local, setLocal] = useState({ url: tagParams, ids: fromUrl });
  let current = local;
  if (local.url !== tagParams) {
    current = { url: tagParams, ids: fromUrl };
    setLocal(current);
  }
  const selected = current.ids;

  // Functional updates read the state and the URL as they are now, so two quick clicks both count.
  const update = useCallback(
    (change: (ids: string[]) => string[]) => {
      setLocal((state) => ({ url: state.url, ids: change(state.ids) }));
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          const ids = change([...new Set(current.getAll('tag'))]);
          next.delete('tag');
          for (const id of ids) next.append('tag', id);
          return next;
        },
        { replace: true },
      );
    },
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
