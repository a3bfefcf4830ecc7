/**
 * A client workspace: its layout and landing page (loaded on demand), the client every screen inside it
 * works in (useCurrentClient) and the props each of its screens takes.
 */
export type { ClientScreenProps } from './clientScreen';
export { useCurrentClient } from './currentClient';

export const loadClientLayout = () => import('./ClientLayout');
export const loadClientLanding = () => import('./ClientLanding');
