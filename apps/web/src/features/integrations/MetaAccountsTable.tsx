import { Checkbox, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../lib/format';
import type { MetaAdAccount } from './integration';

/** The ad accounts the connected Facebook user can read, each with a checkbox: the ones to sync. */
export function MetaAccountsTable({
  accounts,
  selected,
  onToggle,
  disabled,
}: {
  accounts: readonly MetaAdAccount[];
  selected: ReadonlySet<string>;
  onToggle: (externalId: string, checked: boolean) => void;
  disabled: boolean;
}) {
  if (accounts.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Meta gave no ad account for this Facebook user. Give the user access to an ad account in Meta Business
        Settings, then reconnect.
      </Text>
    );
  const allChecked = accounts.every((account) => selected.has(account.externalId));
  const someChecked = accounts.some((account) => selected.has(account.externalId));
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" aria-label="Ad accounts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Sync every ad account"
                checked={allChecked}
                indeterminate={someChecked && !allChecked}
                disabled={disabled}
                onChange={(event) => {
                  for (const account of accounts) onToggle(account.externalId, event.currentTarget.checked);
                }}
              />
            </Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Id</Table.Th>
            <Table.Th>Currency</Table.Th>
            <Table.Th>Time zone</Table.Th>
            <Table.Th>Last synced</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((account) => (
            <Table.Tr key={account.externalId}>
              <Table.Td>
                <Checkbox
                  aria-label={`Sync ${account.name}`}
                  checked={selected.has(account.externalId)}
                  disabled={disabled}
                  onChange={(event) => onToggle(account.externalId, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td fw={500}>{account.name}</Table.Td>
              <Table.Td ff="monospace" fz="sm">
                {account.externalId}
              </Table.Td>
              <Table.Td>{account.currency}</Table.Td>
              <Table.Td>{account.timeZone}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {account.lastSyncedAt ? formatDateTime(account.lastSyncedAt) : 'Not synced yet'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
