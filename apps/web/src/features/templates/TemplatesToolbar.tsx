import { Button, Group, Select, Switch, TextInput } from '@mantine/core';
import { IconLayoutGrid, IconPlus, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type TemplateSort = 'UPDATED' | 'NAME' | 'CREATED';

const sortOptions: { value: TemplateSort; label: string }[] = [
  { value: 'UPDATED', label: 'Last edited' },
  { value: 'NAME', label: 'Name' },
  { value: 'CREATED', label: 'Created' },
];

export interface TemplateListOptions {
  search: string;
  sort: TemplateSort;
  archived: boolean;
}

/** Search, sort and the archived switch of the templates grid, and the ways to add a template. */
export function TemplatesToolbar({
  options,
  onChange,
  createUrl,
  libraryUrl,
  importButton,
}: {
  options: TemplateListOptions;
  onChange: (options: TemplateListOptions) => void;
  createUrl: string;
  libraryUrl: string;
  importButton: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="md">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Search"
          placeholder="Template name"
          leftSection={<IconSearch size={16} />}
          value={options.search}
          onChange={(event) => onChange({ ...options, search: event.currentTarget.value })}
          w={240}
        />
        <Select
          label="Sort by"
          data={sortOptions}
          value={options.sort}
          onChange={(value) => onChange({ ...options, sort: (value as TemplateSort | null) ?? 'UPDATED' })}
          allowDeselect={false}
          w={160}
        />
        <Switch
          label="Show archived"
          checked={options.archived}
          onChange={(event) => onChange({ ...options, archived: event.currentTarget.checked })}
          mb={8}
        />
      </Group>
      <Group gap="sm">
        {importButton}
        <Button component={Link} to={libraryUrl} variant="default" leftSection={<IconLayoutGrid size={16} />}>
          From the library
        </Button>
        <Button component={Link} to={createUrl} leftSection={<IconPlus size={16} />}>
          New template
        </Button>
      </Group>
    </Group>
  );
}
