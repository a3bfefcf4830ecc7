import { activeClients, isStaffUser, type Me } from './session';

/**
 * The default landing rule: the landing path of the chosen client (the last one used, else the first);
 * signed out: sign in; no client: the staff portal for staff, the limited page for everyone else.
 */
export function landingPath(me: Me | null, lastClientId: string | null): string {
  if (!me) return '/login/';
  const clients = activeClients(me);
  const chosen = clients.find((client) => client.id === lastClientId) ?? clients[0];
  if (chosen) return chosen.landingPath;
  return isStaffUser(me) ? '/portal/clients/' : '/register/limited/';
}
