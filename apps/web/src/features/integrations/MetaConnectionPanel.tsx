import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import type { MetaConnection } from './integration';
import { MetaAccountsTable } from './MetaAccountsTable';
import type { MetaActions } from './metaActions';
import { MetaSyncStatus } from './MetaSyncStatus';
import { ADMINS_ONLY, backfillOptions, isSyncActive, RECONNECT_MESSAGE } from './metaStatus';

/**
 * A Meta connection that is live or refused: who connected it, the ad accounts to sync with the backfill
 * length, the sync under way or the last one's outcome, and the ways to sync, reconnect or disconnect.
 */
export function MetaConnectionPanel({
  connection,
  actions,
}: {
  connection: MetaConnection;
  actions: MetaActions;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(
    () =>
      new Set(connection.accounts.filter((account) => account.selected).map((account) => account.externalId)),
  );
  const [backfillDays, setBackfillDays] = useState(connection.backfillDays);
  const refused = connection.status === 'RECONNECT_NEEDED';
  const syncing = isSyncActive(connection.sync.state);
  const savedAny = connection.accounts.some((account) => account.selected);
  const toggle = (externalId: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(externalId);
      else next.delete(externalId);
      return next;
    });

  return (
    <Stack gap="md">
      <Text size="sm">
        Connected {connection.userName ? `by ${connection.userName} ` : ''}on{' '}
        {formatDateTime(connection.connectedAt)}
        {connection.lastSyncAt ? `; last synced ${formatDateTime(connection.lastSyncAt)}` : ''}.
      </Text>
      {refused && (
        <Alert color="orange" title="Reconnect Meta" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{RECONNECT_MESSAGE}</Text>
            {!actions.canManage && <Text size="sm">{ADMINS_ONLY}</Text>}
            {actions.canManage && (
              <Button
                size="xs"
                color="orange"
                leftSection={<IconRefresh size={14} />}
                loading={actions.busy === 'connect'}
                disabled={actions.busy !== null && actions.busy !== 'connect'}
                onClick={actions.connect}
              >
                Reconnect
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      <MetaSyncStatus sync={connection.sync} />
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Ad accounts to sync
        </Text>
        <MetaAccountsTable
          accounts={connection.accounts}
          selected={selected}
          onToggle={toggle}
          disabled={refused || !actions.canManage || actions.busy !== null}
        />
      </Stack>
      <Group align="flex-end" gap="sm">
        <Select
          label="Backfill"
          description="How far back an account’s first sync reads"
          data={backfillOptions(connection.backfillDays)}
          value={String(backfillDays)}
          onChange={(value) => value && setBackfillDays(Number(value))}
          allowDeselect={false}
          disabled={refused || !actions.canManage}
          w={220}
        />
        {actions.canManage && (
          <Button
            loading={actions.busy === 'save'}
            disabled={
              refused || syncing || selected.size === 0 || (actions.busy !== null && actions.busy !== 'save')
            }
            onClick={() => actions.save([...selected], backfillDays)}
          >
            Save and sync
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={actions.busy === 'sync'}
          disabled={refused || syncing || !savedAny || (actions.busy !== null && actions.busy !== 'sync')}
          onClick={actions.syncNow}
        >
          Sync now
        </Button>
        {actions.canManage && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconPlugConnectedX size={16} />}
            loading={actions.busy === 'disconnect'}
            disabled={actions.busy !== null && actions.busy !== 'disconnect'}
            onClick={actions.disconnect}
            ml="auto"
          >
            Disconnect
          </Button>
        )}
      </Group>
      {!actions.canManage && (
        <Text size="xs" c="dimmed">
          {ADMINS_ONLY}
        </Text>
      )}
      {actions.canManage && selected.size === 0 && connection.accounts.length > 0 && (
        <Text size="xs" c="dimmed">
          Tick at least one ad account to sync.
        </Text>
      )}
      <Text size="xs" c="dimmed">
        The ticked accounts sync once a day. Sync now reads the days since the last sync, and a few days
        before it again, as Meta still corrects recent figures.
      </Text>
    </Stack>
  );
}
