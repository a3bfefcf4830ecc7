import type { AppDeps } from '../deps.js';
import type { Viewer } from '../auth/sessions.js';
import type { ClientRow } from '../db/schema.js';
import type { Actor } from '../modules/users/index.js';
import { DomainError } from '../errors.js';
import type { RequestLoaders } from './loaders.js';

export interface PermissionsShape {
  isActive: boolean;
  isAdmin: boolean;
  isClientUser: boolean;
}

/** The client a client-scoped request acts in; set only after membership was checked. */
export interface ClientScope {
  client: ClientRow;
  permissions: PermissionsShape;
}

export interface GraphQLContext {
  deps: AppDeps;
  viewer: Viewer | null;
  clientScope: ClientScope | null;
  /** This request's data loaders (loaders.ts): per-row reads of a list batched into one query. */
  loaders: RequestLoaders;
}

export function requireViewer(ctx: GraphQLContext): Viewer {
  if (!ctx.viewer) throw new DomainError('UNAUTHENTICATED', 'Sign in first.');
  return ctx.viewer;
}

export function requireStaff(ctx: GraphQLContext): Viewer {
  const viewer = requireViewer(ctx);
  if (!viewer.user.isStaff && !viewer.user.isSuperUser)
    throw new DomainError('FORBIDDEN', 'Only staff can use the portal.');
  return viewer;
}

/** The acting member of a client-scoped request. The endpoint has already refused non-members. */
export function clientActor(ctx: GraphQLContext): Actor {
  const viewer = requireViewer(ctx);
  if (!ctx.clientScope) throw new DomainError('FORBIDDEN', 'Forbidden');
  return {
    user: viewer.user,
    clientId: ctx.clientScope.client.id,
    isAdmin: ctx.clientScope.permissions.isAdmin,
  };
}
