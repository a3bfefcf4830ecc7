import { Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The filters both logs share: one action, and the actor's e-mail; `children` adds more (the client). */
export function AuditFilters({
  actions,
  action,
  onAction,
  actor,
  onActor,
  children,
}: {
  actions: readonly { name: string; label: string }[];
  action: string | null;
  onAction: (action: string | null) => void;
  actor: string;
  onActor: (actor: string) => void;
  children?: ReactNode;
}) {
  return (
    <Group mb="md" align="flex-end" wrap="wrap">
      {children}
      <Select
        label="Action"
        placeholder="Every action"
        data={actions.map((a) => ({ value: a.name, label: a.label }))}
        value={action}
        onChange={onAction}
        clearable
        searchable
        w={260}
      />
      <TextInput
        label="Who"
        placeholder="E-mail"
        leftSection={<IconSearch size={16} />}
        value={actor}
        onChange={(event) => onActor(event.currentTarget.value)}
        w={260}
      />
    </Group>
  );
}
