import { IconBuildingStore } from '@tabler/icons-react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { signInPath } from '../../lib/nextPath';
import { clientNavSections, SignedInShell } from '../layout';
import { activeClients, isStaffUser, readLastClientId, useSession } from '../session';

const noWorkspaceNav = [
  {
    label: 'Workspace',
    items: [{ to: '/register/client/', label: 'Create a workspace', icon: IconBuildingStore }],
  },
];

/**
 * `/account/…`: the signed-in user's own settings, in the shell of the workspace they last worked in
 * (its sidebar stays, so they can go back), or with a way to create one when they have none.
 */
export function AccountLayout() {
  const { me } = useSession();
  const location = useLocation();
  if (!me) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  const clients = activeClients(me);
  const lastId = readLastClientId();
  const client = clients.find((c) => c.id === lastId) ?? clients[0];
  return (
    <SignedInShell
      sections={client ? clientNavSections(client.id, isStaffUser(me)) : noWorkspaceNav}
      clientId={client?.id}
    >
      <Outlet />
    </SignedInShell>
  );
}
