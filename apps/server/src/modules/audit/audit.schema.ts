/**
 * Reading the audit log: a client's admins read their client's events on the client endpoint; staff
 * read every event (all clients, and those of no client) in the portal.
 */
import { inArray } from 'drizzle-orm';
import { BOTH, CLIENT, PUBLIC, builder } from '../../graphql/builder.js';
import { clientActor, requireStaff } from '../../graphql/context.js';
import { clients, type AuditEventRow } from '../../db/schema.js';
import { DomainError, invalidInput, isUuid } from '../../errors.js';
import type { Db } from '../../db/client.js';
import { AUDIT_ACTIONS, auditActionNames, isAuditAction } from './actions.js';
import { listAuditEvents, type AuditFilter, type AuditPage } from './audit.service.js';

interface EventShape {
  row: AuditEventRow;
  clientName: string | null;
  /** A client's admins do not see the addresses staff acted from. */
  showIp: boolean;
}

const AuditActionInfo = builder.objectRef<{ name: string; label: string }>('AuditActionInfo').implement({
  subGraphs: BOTH,
  description: 'An action the audit log records, and its label.',
  fields: (t) => ({ name: t.exposeString('name'), label: t.exposeString('label') }),
});

const AuditEvent = builder.objectRef<EventShape>('AuditEvent').implement({
  subGraphs: BOTH,
  description: 'One entry of the audit log: who did what to what, when and from where.',
  fields: (t) => ({
    id: t.id({ resolve: (e) => e.row.id }),
    createdAt: t.field({ type: 'DateTime', resolve: (e) => e.row.createdAt }),
    clientId: t.id({ nullable: true, resolve: (e) => e.row.clientId }),
    clientName: t.string({
      nullable: true,
      description: 'The client’s name now (null for events of no client, or a deleted client).',
      resolve: (e) => e.clientName,
    }),
    actorUserId: t.id({
      nullable: true,
      description: 'Null when no one was signed in (an export fetched by its token).',
      resolve: (e) => e.row.actorUserId,
    }),
    actorEmail: t.string({
      nullable: true,
      description: 'The actor’s e-mail at the time.',
      resolve: (e) => e.row.actorEmail,
    }),
    actorIsStaff: t.boolean({ resolve: (e) => e.row.actorIsStaff }),
    viaStaffLink: t.boolean({
      description: 'The actor was signed in by a staff-issued link: staff acting as this user.',
      resolve: (e) => e.row.viaStaffLink,
    }),
    action: t.string({ resolve: (e) => e.row.action }),
    actionLabel: t.string({
      resolve: (e) => (isAuditAction(e.row.action) ? AUDIT_ACTIONS[e.row.action] : e.row.action),
    }),
    targetKind: t.string({ nullable: true, resolve: (e) => e.row.targetKind }),
    targetId: t.string({ nullable: true, resolve: (e) => e.row.targetId }),
    targetLabel: t.string({ nullable: true, resolve: (e) => e.row.targetLabel }),
    detailsJson: t.string({ resolve: (e) => JSON.stringify(e.row.details) }),
    ip: t.string({ nullable: true, resolve: (e) => (e.showIp ? e.row.ip : null) }),
  }),
});

const AuditEventsPage = builder
  .objectRef<{ total: number; events: EventShape[] }>('AuditEventsPage')
  .implement({
    subGraphs: BOTH,
    fields: (t) => ({
      total: t.exposeInt('total'),
      events: t.field({ type: [AuditEvent], description: 'Newest first.', resolve: (p) => p.events }),
    }),
  });

function checkAction(action: string | null | undefined): string | null {
  if (!action) return null;
  if (!isAuditAction(action)) throw invalidInput(`Unknown audit action ${action.slice(0, 80)}.`);
  return action;
}

async function clientNames(db: Db, page: AuditPage): Promise<Map<string, string>> {
  const ids = [...new Set(page.events.map((e) => e.clientId).filter((id): id is string => !!id))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(inArray(clients.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

builder.queryField('auditActions', (t) =>
  t.field({
    subGraphs: BOTH,
    type: [AuditActionInfo],
    description: 'Every action the audit log records, with its label (for filters).',
    resolve: () => auditActionNames.map((name) => ({ name, label: AUDIT_ACTIONS[name] })),
  }),
);

builder.queryField('auditEvents', (t) =>
  t.field({
    subGraphs: CLIENT,
    type: AuditEventsPage,
    description: "The client's audit log, newest first. Admins only.",
    args: {
      action: t.arg.string({ description: 'Only this action (a name of auditActions).' }),
      actor: t.arg.string({ description: 'Only actors whose e-mail contains this.' }),
      offset: t.arg.int(),
      limit: t.arg.int({ description: 'At most 200; 50 by default.' }),
    },
    resolve: async (_r, args, ctx) => {
      const actor = clientActor(ctx);
      if (!actor.isAdmin) throw new DomainError('NOT_ADMIN', 'Only admins can read the audit log.');
      const page = await listAuditEvents(
        ctx.deps.db,
        { clientId: actor.clientId, action: checkAction(args.action), actor: args.actor },
        { offset: args.offset, limit: args.limit },
      );
      const name = ctx.clientScope!.client.name;
      return {
        total: page.total,
        events: page.events.map((row) => ({ row, clientName: name, showIp: !row.actorIsStaff })),
      };
    },
  }),
);

builder.queryField('portalAuditEvents', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: AuditEventsPage,
    description: 'Staff only. The whole audit log, newest first, optionally of one client.',
    args: {
      clientId: t.arg.id({ description: 'Only this client’s events.' }),
      withoutClient: t.arg.boolean({ description: 'Only events of no client (accounts, sign-in links).' }),
      action: t.arg.string({ description: 'Only this action (a name of auditActions).' }),
      actor: t.arg.string({ description: 'Only actors whose e-mail contains this (or this user id).' }),
      offset: t.arg.int(),
      limit: t.arg.int({ description: 'At most 200; 50 by default.' }),
    },
    resolve: async (_r, args, ctx) => {
      requireStaff(ctx);
      const clientId = args.clientId ? String(args.clientId) : undefined;
      if (clientId !== undefined && !isUuid(clientId)) throw invalidInput('Unknown client.');
      const filter: AuditFilter = {
        clientId: args.withoutClient ? null : clientId,
        action: checkAction(args.action),
        actor: args.actor,
      };
      const page = await listAuditEvents(ctx.deps.db, filter, { offset: args.offset, limit: args.limit });
      const names = await clientNames(ctx.deps.db, page);
      return {
        total: page.total,
        events: page.events.map((row) => ({
          row,
          clientName: row.clientId ? (names.get(row.clientId) ?? null) : null,
          showIp: true,
        })),
      };
    },
  }),
);
