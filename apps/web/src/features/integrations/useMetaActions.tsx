import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { mutationFailure } from '../../lib/graphqlErrors';
import { DisconnectMetaMutation } from './api/disconnectMeta';
import { SelectMetaAdAccountsMutation } from './api/selectMetaAdAccounts';
import { StartMetaConnectionMutation } from './api/startMetaConnection';
import { SyncMetaNowMutation } from './api/syncMetaNow';
import type { MetaAction, MetaActions } from './metaActions';

/**
 * The Meta card's actions, each reported in a notification (`canManage`: the viewer is an admin);
 * `refresh` asks metaIntegration again after one changed the connection (the sync it starts is then
 * polled). Connecting leaves the page for Meta's.
 */
export function useMetaActions(
  canManage: boolean,
  refresh: () => void,
  leave: (url: string) => void = assignLocation,
): MetaActions {
  const [, startMetaConnection] = useMutation(StartMetaConnectionMutation);
  const [, selectMetaAdAccounts] = useMutation(SelectMetaAdAccountsMutation);
  const [, syncMetaNow] = useMutation(SyncMetaNowMutation);
  const [, disconnectMeta] = useMutation(DisconnectMetaMutation);
  const notify = useNotify();
  const [busy, setBusy] = useState<MetaAction | null>(null);

  const run = (action: MetaAction, work: () => Promise<void>) => {
    if (busy) return;
    setBusy(action);
    notify.reportFailure(work().finally(() => setBusy(null)));
  };

  const connect = () =>
    run('connect', async () => {
      const result = await startMetaConnection({});
      const payload = result.data?.startMetaConnection;
      const failure = mutationFailure(result, payload);
      if (failure || !payload?.authorizeUrl) {
        notify.error(failure ?? 'The server gave no address for Meta’s sign-in page. Try again.');
        return;
      }
      leave(payload.authorizeUrl);
    });

  const save = (externalIds: readonly string[], backfillDays: number) =>
    run('save', async () => {
      const result = await selectMetaAdAccounts({ externalIds: [...externalIds], backfillDays });
      const count = externalIds.length;
      notify.mutation(
        result,
        result.data?.selectMetaAdAccounts,
        `Saved: ${count} ad ${count === 1 ? 'account' : 'accounts'}. The sync of the last ${backfillDays} days has started.`,
      );
      refresh();
    });

  const syncNow = () =>
    run('sync', async () => {
      const result = await syncMetaNow({});
      notify.mutation(result, result.data?.syncMetaNow, 'The sync has started.');
      refresh();
    });

  const disconnectConfirmed = () =>
    run('disconnect', async () => {
      const result = await disconnectMeta({});
      notify.mutation(result, result.data?.disconnectMeta, 'Meta is disconnected. The synced data is kept.');
      refresh();
    });

  const disconnect = () =>
    modals.openConfirmModal({
      title: 'Disconnect Meta',
      children: (
        <Text size="sm">
          Adloom forgets Meta’s access and stops syncing. Every campaign, ad and daily result synced so far is
          kept, and the dashboards keep showing it. You can connect again at any time.
        </Text>
      ),
      labels: { confirm: 'Disconnect', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: disconnectConfirmed,
    });

  return { canManage, busy, connect, save, syncNow, disconnect };
}

function assignLocation(url: string) {
  window.location.assign(url);
}
