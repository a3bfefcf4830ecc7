import type { ResultOf } from 'gql.tada';
import { createContext, useContext } from 'react';
import type { CombinedError } from 'urql';
import type { FacebookInfoQuery } from './api/facebookInfoQuery';
import type { SessionQuery } from './api/sessionQuery';

export type Me = NonNullable<ResultOf<typeof SessionQuery>['me']>;
export type UserClient = Me['clients'][number];
export type Branding = ResultOf<typeof SessionQuery>['branding'];
export type FacebookInfo = NonNullable<NonNullable<ResultOf<typeof FacebookInfoQuery>['me']>['facebookInfo']>;

/** User state of spec section 4. */
export interface Session {
  /** True until the first answer about the user arrives. */
  loading: boolean;
  clientsLoading: boolean;
  facebookInfoLoading: boolean;
  /** Why the user could not be loaded (held until a retry succeeds). */
  error: CombinedError | undefined;
  me: Me | null;
  branding: Branding | null;
  facebookInfo: FacebookInfo | null;
  /** Loads the user again from the server (after signing in, accepting terms, creating a workspace). */
  refresh: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

/** The branding; only inside SessionBoundary, which waits for it. */
export function useBranding(): Branding {
  const { branding } = useSession();
  if (!branding) throw new Error('useBranding must be used inside SessionBoundary');
  return branding;
}

/** The signed-in user; only on screens whose layout already required a session. */
export function useMe(): Me {
  const { me } = useSession();
  if (!me) throw new Error('useMe must be used below a layout that requires signing in');
  return me;
}

export function isStaffUser(me: Me): boolean {
  return me.isStaff || me.isSuperUser;
}

/** The clients where the user's membership is active. */
export function activeClients(me: Me): UserClient[] {
  return me.clients.filter((client) => client.permissions.isActive);
}
