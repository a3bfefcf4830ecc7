import { matchRoutes, type Params, type RouteObject } from 'react-router';
import { BuilderTemplateQuery, loadBuilderScreen } from '../features/builder';
import { SessionQuery } from '../features/session';
import { askEarlyAt } from '../graphql/urql';
import { clientRoutes, type ClientScreen } from './routes';

/**
 * What a screen asks for first, asked as the page loads when the page opens on that screen (see
 * graphql/prefetch.ts). The query, variables and endpoint must be the screen's own, or nobody takes the answer.
 * The builder's code (a large chunk of its own) also starts loading then, beside the app's code, rather
 * than once the router has been made.
 */
const screenQueries: Partial<Record<ClientScreen, (clientId: string, params: Params) => void>> = {
  // The builder reads the template fresh: an answer asked for at page load is.
  template: (clientId, { id }) => {
    if (id) askEarlyAt(clientId, BuilderTemplateQuery, { id });
    void loadBuilderScreen();
  },
  'template-create': () => {
    void loadBuilderScreen();
  },
};

const clientRouteTree: RouteObject[] = [
  {
    path: '/clients/:clientId',
    children: clientRoutes.map((route) => ({ path: route.path.replace(/\/$/, ''), id: route.path })),
  },
];

/** The screen of a client workspace a path opens, and its parameters (the client's id among them). */
export function clientScreenAt(pathname: string): { screen: ClientScreen; params: Params } | null {
  const matches = matchRoutes(clientRouteTree, pathname);
  const leaf = matches?.[matches.length - 1];
  const route = leaf && clientRoutes.find((candidate) => candidate.path === leaf.route.id);
  return route ? { screen: route.screen, params: leaf.params } : null;
}

/**
 * Starts, at page load, the requests the page will make first: the session (every page), and the data of
 * the screen the URL opens, so they run side by side with loading the screen's code.
 */
export function askEarlyForPage(pathname: string): void {
  askEarlyAt(null, SessionQuery, {});
  const opened = clientScreenAt(pathname);
  const clientId = opened?.params.clientId;
  if (opened && clientId) screenQueries[opened.screen]?.(clientId, opened.params);
}
