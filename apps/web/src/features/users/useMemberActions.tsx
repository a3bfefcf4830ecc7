import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { DeactivateUserMutation } from './api/deactivateUser';
import { ReactivateUserMutation } from './api/reactivateUser';
import { SetUserAdminMutation } from './api/setUserAdmin';
import { type Member, memberName } from './member';

/** Deactivate, reactivate and admin changes of members, with confirmations and notifications. */
export function useMemberActions() {
  const [, deactivateUser] = useMutation(DeactivateUserMutation);
  const [, reactivateUser] = useMutation(ReactivateUserMutation);
  const [, setUserAdmin] = useMutation(SetUserAdminMutation);
  const notify = useNotify();
  const [busyUserId, setBusyUserId] = useState<string | null>(null);

  /** Runs `action` with the member marked busy; what it fails with is shown in red. */
  const track = (member: Member, action: () => Promise<unknown>) => {
    setBusyUserId(member.userId);
    notify.reportFailure(action().finally(() => setBusyUserId(null)));
  };

  const deactivate = (member: Member) => {
    const name = memberName(member);
    modals.openConfirmModal({
      title: `Deactivate ${name}?`,
      children: <Text size="sm">{name} loses access to this workspace until an admin reactivates them.</Text>,
      labels: { confirm: 'Deactivate', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        track(member, async () => {
          const result = await deactivateUser({ userId: member.userId });
          notify.mutation(result, result.data?.deactivateUser, `${name} was deactivated.`);
        }),
    });
  };

  const setAdmin = (member: Member, isAdmin: boolean) => {
    const name = memberName(member);
    modals.openConfirmModal({
      title: isAdmin ? `Make ${name} an admin?` : `Remove admin rights from ${name}?`,
      children: (
        <Text size="sm">
          {isAdmin
            ? `${name} will be able to invite, deactivate and manage users of this workspace.`
            : `${name} will no longer be able to manage users of this workspace.`}
        </Text>
      ),
      labels: { confirm: isAdmin ? 'Make admin' : 'Remove admin', cancel: 'Cancel' },
      confirmProps: { color: isAdmin ? 'blue' : 'red' },
      onConfirm: () =>
        track(member, async () => {
          const result = await setUserAdmin({ userId: member.userId, isAdmin });
          notify.mutation(
            result,
            result.data?.setUserAdmin,
            isAdmin ? `${name} is now an admin.` : `${name} is no longer an admin.`,
          );
        }),
    });
  };

  const reactivate = (member: Member) =>
    track(member, async () => {
      const result = await reactivateUser({ userId: member.userId });
      notify.mutation(result, result.data?.reactivateUser, `${memberName(member)} was reactivated.`);
    });

  return { busyUserId, deactivate, setAdmin, reactivate };
}
