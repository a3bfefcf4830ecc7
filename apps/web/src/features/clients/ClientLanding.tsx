import { Navigate } from 'react-router';
import { useCurrentClient } from './currentClient';

/** `/clients/:clientId/`: the client's default landing page. */
export function ClientLanding() {
  const client = useCurrentClient();
  return <Navigate to={client?.landingPath ?? '/'} replace />;
}
