/**
 * The signed-in session: who is signed in, their clients and the workspace's branding, provided to the
 * whole app (SessionProvider, SessionBoundary) and read by any screen (useSession, useMe, useBranding).
 */
export { SessionQuery } from './api/sessionQuery';
export { SetDemoModeMutation } from './api/setDemoMode';
export { LandingRedirect } from './LandingRedirect';
export { readLastClientId, rememberLastClientId } from './lastClient';
export {
  activeClients,
  isStaffUser,
  useBranding,
  useMe,
  useSession,
  type Me,
  type UserClient,
} from './session';
export { SessionBoundary } from './SessionBoundary';
export { SessionProvider } from './SessionProvider';
