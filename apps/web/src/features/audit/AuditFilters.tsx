import { Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { AuditFilterState } from './useAuditFilters';

/** The filters both logs share: one action, and the actor's e-mail; `children` adds more (the client). */
export function AuditFilters({
  actions,
  filters,
  children,
}: {
  actions: readonly { name: string; label: string }[];
  filters: AuditFilterState;
  children?: ReactNode;
}) {
  return (
    <Group mb="md" align="flex-end" wrap="wrap">
      {children}
      <Select
        label="Action"
        placeholder="Every action"
        data={actions.map((a) => ({ value: a.name, label: a.label }))}
        value={filters.action}
        onChange={filters.setAction}
        clearable
        searchable
        w={260}
      />
      <TextInput
        label="Who"
        placeholder="E-mail"
        leftSection={<IconSearch size={16} />}
        value={filters.actor}
        onChange={(event) => filters.setActor(event.currentTarget.value)}
        w={260}
      />
    </Group>
  );
}
