import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../catalogs';

/**
 * The item search box: it shows each key at once and searches 300 ms after the last one (the server's
 * catalogItems searchString: id, title and brand). Mount it with a key per catalogue to empty it.
 */
export function ItemSearch({
  disabled,
  initialValue = '',
  onSearch,
}: {
  disabled: boolean;
  /** The search already made (the Preview state outlives the tab). */
  initialValue?: string;
  onSearch: (search: string) => void;
}) {
  const [input, setInput] = useState(initialValue);
  const search = useDebouncedCallback(onSearch, SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      label="Item"
      placeholder="Search by id, title or brand"
      leftSection={<IconSearch size={16} />}
      value={input}
      onChange={(event) => {
        setInput(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      disabled={disabled}
    />
  );
}
