import { Anchor, Badge, Burger, Group, Progress, Text } from '@mantine/core';
import { Link, useNavigation } from 'react-router';
import { useAppStore } from '../../app/store/appStore';
import { useBranding, useMe } from '../session';
import { ClientSwitcher } from './ClientSwitcher';
import { UserMenu } from './UserMenu';

export function ShellHeader({
  clientId,
  drawerOpened,
  onToggleDrawer,
}: {
  clientId: string | undefined;
  drawerOpened: boolean;
  onToggleDrawer: () => void;
}) {
  const me = useMe();
  const { displayName } = useBranding();
  const { loading, demoMode } = useAppStore();
  const navigation = useNavigation();
  const busy = loading || navigation.state !== 'idle';
  // One workspace: its name stands where the switcher would, so users always see where they are.
  const currentClientName = me.clients.find((client) => client.id === clientId)?.name;

  return (
    <>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Burger
            opened={drawerOpened}
            onClick={onToggleDrawer}
            hiddenFrom="sm"
            size="sm"
            aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
          />
          <Anchor component={Link} to="/" fw={800} fz="lg" underline="never">
            {displayName}
          </Anchor>
          {demoMode && (
            <Badge color="orange" variant="light" role="status">
              Demo mode
            </Badge>
          )}
        </Group>
        <Group gap="sm" wrap="nowrap">
          {me.hasMultipleClients ? (
            <ClientSwitcher me={me} clientId={clientId} />
          ) : (
            currentClientName && (
              <Text fw={500} size="sm" visibleFrom="xs">
                {currentClientName}
              </Text>
            )
          )}
          <UserMenu me={me} />
        </Group>
      </Group>
      {busy && (
        <Progress
          value={100}
          animated
          size={3}
          radius={0}
          pos="absolute"
          bottom={0}
          left={0}
          right={0}
          aria-hidden
        />
      )}
    </>
  );
}
