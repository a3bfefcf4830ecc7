import { Button, Combobox, Text, useCombobox } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { useState } from 'react';
import { PLACEHOLDER_FIELD_GROUPS, type PlaceholderFieldGroup } from './placeholderFields';

// template-format.md section 3 (packages/template placeholders.ts): what a placeholder key may be.
const KEY = /^[\p{L}\p{N}_.-]+$/u;

/** The groups whose fields match the search, and the typed key itself when it is a key the list lacks. */
function matchingGroups(search: string): PlaceholderFieldGroup[] {
  const query = search.trim().toLowerCase();
  const groups = PLACEHOLDER_FIELD_GROUPS.map((group) => ({
    ...group,
    fields: group.fields.filter(
      (field) => field.key.includes(query) || field.description.toLowerCase().includes(query),
    ),
  })).filter((group) => group.fields.length > 0);
  const typed = search.trim();
  const listed = PLACEHOLDER_FIELD_GROUPS.some((group) => group.fields.some((field) => field.key === typed));
  if (KEY.test(typed) && !listed)
    groups.push({
      group: 'Other column',
      fields: [{ key: typed, description: 'A column of your catalogue' }],
    });
  return groups;
}

/** 'Insert placeholder': a searchable list of the catalogue's fields; choosing one calls `onPick(key)`. */
export function PlaceholderPicker({ onPick }: { onPick: (key: string) => void }) {
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });
  const groups = matchingGroups(search);
  return (
    <Combobox
      store={combobox}
      width={300}
      position="bottom-start"
      onOptionSubmit={(key) => {
        combobox.closeDropdown();
        onPick(key);
      }}
    >
      <Combobox.Target withAriaAttributes={false}>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconBraces size={14} aria-hidden />}
          onClick={() => combobox.toggleDropdown()}
        >
          Insert placeholder
        </Button>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder="Search fields"
          aria-label="Search fields"
        />
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }} aria-label="Placeholders">
          {groups.length === 0 ? (
            <Combobox.Empty>No field matches</Combobox.Empty>
          ) : (
            groups.map((group) => (
              <Combobox.Group key={group.group} label={group.group}>
                {group.fields.map((field) => (
                  <Combobox.Option key={field.key} value={field.key}>
                    <Text size="xs" ff="monospace">{`{${field.key}}`}</Text>
                    <Text size="xs" c="dimmed">
                      {field.description}
                    </Text>
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
