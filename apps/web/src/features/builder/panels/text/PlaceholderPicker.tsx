import { Button, Combobox, Text, useCombobox } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { useState } from 'react';
import { useCatalogueColumns } from './catalogueColumns';
import { PLACEHOLDER_FIELD_GROUPS, type PlaceholderFieldGroup } from './placeholderFields';

// template-format.md section 3 (packages/template placeholders.ts): what a placeholder key may be.
const KEY = /^[\p{L}\p{N}_.-]+$/u;

/**
 * The groups whose fields match the search: the catalogue format's fields, then the preview catalogue's own
 * columns (`columns`), then the typed key itself when it is a key neither lists.
 */
export function matchingGroups(search: string, columns: readonly string[] = []): PlaceholderFieldGroup[] {
  const query = search.trim().toLowerCase();
  const known = new Set(PLACEHOLDER_FIELD_GROUPS.flatMap((group) => group.fields.map((field) => field.key)));
  const own: PlaceholderFieldGroup = {
    group: "Your catalogue's columns",
    fields: columns
      .filter((key) => !known.has(key))
      .map((key) => ({ key, description: 'A column of the catalogue chosen in PREVIEW' })),
  };
  const groups = [...PLACEHOLDER_FIELD_GROUPS, own]
    .map((group) => ({
      ...group,
      fields: group.fields.filter(
        (field) => field.key.toLowerCase().includes(query) || field.description.toLowerCase().includes(query),
      ),
    }))
    .filter((group) => group.fields.length > 0);
  const typed = search.trim();
  const listed = known.has(typed) || own.fields.some((field) => field.key === typed);
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
  const groups = matchingGroups(search, useCatalogueColumns());
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
