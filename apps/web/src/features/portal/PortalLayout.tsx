import { Paper, Text } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ScreenHeader } from '../../components/ScreenHeader';
import { signInPath } from '../../lib/nextPath';
import { SignedInShell } from '../layout';
import { isStaffUser, useSession } from '../session';
import { portalNavSections } from './portalNav';

/** `/portal/…`: staff and super users only. */
export function PortalLayout() {
  const { me } = useSession();
  const location = useLocation();
  if (!me) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  const staff = isStaffUser(me);

  return (
    <SignedInShell sections={staff ? portalNavSections : []}>
      {staff ? (
        <Outlet />
      ) : (
        <Paper withBorder p="xl" radius="md">
          <ScreenHeader title="Staff portal" />
          <Text>Only staff can open the staff portal.</Text>
        </Paper>
      )}
    </SignedInShell>
  );
}
