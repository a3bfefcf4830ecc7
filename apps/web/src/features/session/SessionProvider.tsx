import { type ReactNode, useCallback, useMemo } from 'react';
import { useClient, useQuery } from 'urql';
import { FacebookInfoQuery } from './api/facebookInfoQuery';
import { SessionQuery } from './api/sessionQuery';
import { type Session, SessionContext } from './session';

/** Loads the user and the branding once for the whole app (public endpoint). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const graphqlClient = useClient();
  const [sessionResult] = useQuery({ query: SessionQuery });
  const me = sessionResult.data?.me ?? null;
  const [facebookResult] = useQuery({ query: FacebookInfoQuery, pause: !me });

  const refresh = useCallback(async () => {
    const result = await graphqlClient.query(SessionQuery, {}, { requestPolicy: 'network-only' }).toPromise();
    if (result.error) throw result.error;
  }, [graphqlClient]);

  const loading = sessionResult.data === undefined && !sessionResult.error;
  const facebookMe = facebookResult.data?.me;
  const session = useMemo<Session>(
    () => ({
      loading,
      clientsLoading: loading,
      facebookInfoLoading: me !== null && facebookMe === undefined && !facebookResult.error,
      error: sessionResult.data ? undefined : sessionResult.error,
      me,
      branding: sessionResult.data?.branding ?? null,
      facebookInfo: facebookMe?.facebookInfo ?? null,
      refresh,
    }),
    [loading, me, facebookMe, facebookResult.error, sessionResult.data, sessionResult.error, refresh],
  );

  return <SessionContext value={session}>{children}</SessionContext>;
}
