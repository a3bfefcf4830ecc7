import { NativeSelect } from '@mantine/core';
import { useNavigate } from 'react-router';
import { activeClients, type Me, rememberLastClientId } from '../session';

/** Switches between the user's workspaces; goes to the landing page of the chosen one. */
export function ClientSwitcher({ me, clientId }: { me: Me; clientId: string | undefined }) {
  const navigate = useNavigate();
  const clients = activeClients(me);

  const choose = (id: string) => {
    const client = clients.find((candidate) => candidate.id === id);
    if (!client || client.id === clientId) return;
    rememberLastClientId(client.id);
    navigate(client.landingPath);
  };

  return (
    <NativeSelect
      aria-label="Client workspace"
      value={clientId ?? ''}
      onChange={(event) => choose(event.currentTarget.value)}
      w={{ base: 150, sm: 240 }}
      size="sm"
    >
      {clientId === undefined && (
        <option value="" disabled>
          Choose a workspace
        </option>
      )}
      {clients.map((client) => (
        <option key={client.id} value={client.id}>
          {client.name}
        </option>
      ))}
    </NativeSelect>
  );
}
