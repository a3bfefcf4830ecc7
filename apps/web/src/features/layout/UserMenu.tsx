import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconShieldLock, IconUserCog } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useMutation } from 'urql';
import { useAppStore } from '../../app/store/appStore';
import { useNotify } from '../../app/store/useNotify';
import { mutationFailure } from '../../lib/graphqlErrors';
import { useSignOut } from '../auth';
import { isStaffUser, type Me, SetDemoModeMutation, useSession } from '../session';

export function UserMenu({ me }: { me: Me }) {
  const { demoMode, setDemoMode } = useAppStore();
  const [, saveDemoMode] = useMutation(SetDemoModeMutation);
  const notify = useNotify();
  const signOut = useSignOut();
  const { refresh } = useSession();

  // The account's setting, as the server last said it, wins over this device's memory of it: demo mode
  // switched on another device (or in another session) shows here too, and the menu tells the truth.
  const serverDemoMode = me.demoMode;
  useEffect(() => {
    setDemoMode(serverDemoMode);
  }, [serverDemoMode, setDemoMode]);

  const toggleDemoMode = async () => {
    const enabled = !demoMode;
    setDemoMode(enabled);
    const result = await saveDemoMode({ enabled });
    const failure = mutationFailure(result, result.data?.setDemoMode);
    if (failure) notify.error(`Demo mode was changed on this device only: ${failure}`);
    // What the server now holds, so the effect below never brings back the old setting.
    else await refresh();
  };

  return (
    <Menu position="bottom-end" width={280} withArrow>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu">
          <Avatar color="blue" radius="xl">
            {me.initials}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {`${me.firstName} ${me.lastName}`.trim() || me.email}
          </Text>
          <Text size="xs">{me.email}</Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.CheckboxItem checked={demoMode} onChange={() => notify.reportFailure(toggleDemoMode())}>
          Demo mode
        </Menu.CheckboxItem>
        <Menu.Item component={Link} to="/account/" leftSection={<IconUserCog size={16} />}>
          Account settings
        </Menu.Item>
        {isStaffUser(me) && (
          <Menu.Item component={Link} to="/portal/" leftSection={<IconShieldLock size={16} />}>
            Staff portal
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
