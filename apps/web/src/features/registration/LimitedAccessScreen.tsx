import { Button, Group, Text } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { AuthPage } from '../../components/AuthPage';
import { useSignOut } from '../auth';
import { activeClients, useSession } from '../session';

/** `/register/limited/`: signed in, but not an active member of any workspace. */
export function LimitedAccessScreen() {
  const { me } = useSession();
  const signOut = useSignOut();
  if (!me) return <Navigate to="/login/" replace />;
  if (activeClients(me).length > 0) return <Navigate to="/" replace />;

  return (
    <AuthPage title="No workspace yet">
      <Text>
        You are signed in as <strong>{me.email}</strong>, but you are not an active member of any workspace.
      </Text>
      <Text>Ask an admin of your team’s workspace to invite you, or create a new workspace.</Text>
      <Group>
        <Button component={Link} to="/register/client/">
          Create workspace
        </Button>
        <Button variant="default" onClick={signOut}>
          Sign out
        </Button>
      </Group>
    </AuthPage>
  );
}
