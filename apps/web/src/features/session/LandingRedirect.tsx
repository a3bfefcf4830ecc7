import { Navigate } from 'react-router';
import { readLastClientId } from './lastClient';
import { landingPath } from './landing';
import { useSession } from './session';

/** `/`: sends the user to their default landing page. */
export function LandingRedirect() {
  const { me } = useSession();
  return <Navigate to={landingPath(me, readLastClientId())} replace />;
}
