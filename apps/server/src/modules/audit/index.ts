/**
 * The audit log (issue 14, item 9). Modules record what they did through `recordAudit`, in the
 * transaction of the action where there is one; the screens read it through audit.schema.ts
 * (client admins: their client's events; staff: everything).
 */
import type { GraphQLContext } from '../../graphql/context.js';
import { requestIp } from '../../auth/limits.js';
import { actorOf, type AuditActor } from './audit.service.js';

export { AUDIT_ACTIONS, auditActionNames, isAuditAction } from './actions.js';
export type { AuditAction, AuditTargetKind } from './actions.js';
export {
  actorOf,
  audited,
  fingerprint,
  listAuditEvents,
  recordAudit,
  SYSTEM_ACTOR,
  userActor,
} from './audit.service.js';
export type { AuditActor, AuditEvent, AuditFilter, AuditPage } from './audit.service.js';
import './audit.schema.js';

/** The actor of a GraphQL request: its viewer and client address. */
export function auditActor(ctx: GraphQLContext): AuditActor {
  return actorOf(ctx.viewer, requestIp(ctx));
}
