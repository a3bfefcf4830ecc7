import type { ClientRoute } from '../../app/routes';

/** Props of every screen rendered from the client route table. */
export interface ClientScreenProps {
  route: ClientRoute;
}
