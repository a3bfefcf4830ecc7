import { useEffect, useState } from 'react';
import { Provider as UrqlProvider } from 'urql';
import { createClientScopedClient } from '../../graphql/urql';
import { clientNavSections, SignedInShell } from '../layout';
import { activeClients, isStaffUser, type Me, rememberLastClientId } from '../session';
import { TermsModal } from '../terms';
import { ClientGate } from './ClientGate';

/**
 * One workspace in the shell. Screens below the gate talk to the client-scoped GraphQL endpoint;
 * the shell itself (header, sidebar, terms) stays on the public endpoint.
 */
export function ClientWorkspace({ me, clientId }: { me: Me; clientId: string }) {
  const [scopedClient] = useState(() => createClientScopedClient(clientId));
  const membership = activeClients(me).find((client) => client.id === clientId) ?? null;
  const isMember = membership !== null;

  useEffect(() => {
    if (isMember) rememberLastClientId(clientId);
  }, [isMember, clientId]);

  return (
    <SignedInShell sections={clientNavSections(clientId, isStaffUser(me))} clientId={clientId}>
      {membership?.showTermsModal && <TermsModal client={membership} />}
      <UrqlProvider value={scopedClient}>
        <ClientGate me={me} clientId={clientId} membership={membership} />
      </UrqlProvider>
    </SignedInShell>
  );
}
