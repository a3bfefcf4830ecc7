import { useMatches } from 'react-router';
import type { ClientRoute } from './routes';

/** The `handle` of every client route object: its row of the route table. */
export interface ClientRouteHandle {
  clientRoute: ClientRoute;
}

function isClientRouteHandle(handle: unknown): handle is ClientRouteHandle {
  return typeof handle === 'object' && handle !== null && 'clientRoute' in handle;
}

/** The client route being shown, or undefined on the client's index and unknown paths. */
export function useCurrentClientRoute(): ClientRoute | undefined {
  const matches = useMatches();
  return matches.map((match) => match.handle).find(isClientRouteHandle)?.clientRoute;
}
