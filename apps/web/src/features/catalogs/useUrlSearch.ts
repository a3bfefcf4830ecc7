import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long the search box waits after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box bound to a URL query parameter: the box changes at once, the URL (and so the search)
 * 300 ms after the last key, replacing the history entry. Going back or forward fills the box again.
 */
export function useUrlSearch(param: string) {
  const [params, setParams] = useSearchParams();
  const search = params.get(param) ?? '';
  const [input, setInput] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  // The URL changed without typing (back, forward, a link): show what it searches.
  if (search !== shownSearch) {
    setShownSearch(search);
    if (search !== input.trim()) setInput(search);
  }
  const writeUrl = useDebouncedCallback((value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(param, value);
        else next.delete(param);
        return next;
      },
      { replace: true },
    );
  }, SEARCH_DEBOUNCE_MS);

  const change = (value: string) => {
    setInput(value);
    writeUrl(value.trim());
  };
  const clear = () => {
    setInput('');
    writeUrl('');
    writeUrl.flush();
  };
  return { input, search, change, clear };
}
