import { Navigate, Outlet } from 'react-router';
import { useCurrentClientRoute } from '../../app/clientRouteHandle';
import { clientUrl } from '../../app/routes';
import { isStaffUser, type Me, type UserClient } from '../session';
import { ClientFrame } from './ClientFrame';
import { StaffClientGate } from './StaffClientGate';

/** Members and staff get the workspace; everyone else is sent to (and only sees) the unauthorized screen. */
export function ClientGate({
  me,
  clientId,
  membership,
}: {
  me: Me;
  clientId: string;
  membership: UserClient | null;
}) {
  const route = useCurrentClientRoute();
  if (membership) return <ClientFrame client={{ ...membership, membership }} />;
  if (isStaffUser(me)) return <StaffClientGate />;
  if (route?.skipsMembershipCheck) return <Outlet />;
  return <Navigate to={clientUrl(clientId, 'unauthorized/')} replace />;
}
