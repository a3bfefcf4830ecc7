import { Navigate, useLocation, useParams } from 'react-router';
import { signInPath } from '../../lib/nextPath';
import { useSession } from '../session';
import { ClientWorkspace } from './ClientWorkspace';

/** `/clients/:clientId/…`: requires signing in; one workspace instance (and GraphQL cache) per user and client. */
export function ClientLayout() {
  const { clientId = '' } = useParams();
  const { me } = useSession();
  const location = useLocation();
  if (!me) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  return <ClientWorkspace key={`${me.id}/${clientId}`} me={me} clientId={clientId} />;
}
