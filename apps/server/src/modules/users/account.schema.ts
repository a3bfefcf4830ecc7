import { PUBLIC, ServerError, builder, payload, type ServerErrorShape } from '../../graphql/builder.js';
import { requireViewer, type GraphQLContext } from '../../graphql/context.js';
import type { SessionRow } from '../../db/schema.js';
import { requestIp } from '../../auth/limits.js';
import { endOtherSessionsOf, endSessionOf, listSessionsOf, type Viewer } from '../../auth/sessions.js';
import { DomainError, isUuid, notFound } from '../../errors.js';
import { changePassword } from './account.service.js';
import { audited, auditActor, recordAudit } from '../audit/index.js';

// The signed-in user's own password and sessions. Every operation acts on the viewer only: there is no
// user argument, and session ids are looked up together with the viewer's user id.

type SessionShape = { session: SessionRow; current: boolean };

const UserSession = builder.objectRef<SessionShape>('UserSession').implement({
  subGraphs: PUBLIC,
  description: 'A signed-in session of the viewer (a browser or device).',
  fields: (t) => ({
    id: t.id({ resolve: (s) => s.session.id }),
    userAgent: t.string({
      nullable: true,
      description: 'The browser’s User-Agent when the session started.',
      resolve: (s) => s.session.userAgent,
    }),
    ip: t.string({
      nullable: true,
      description: 'The client address the session started from.',
      resolve: (s) => s.session.ip,
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (s) => s.session.createdAt }),
    lastSeenAt: t.field({
      type: 'DateTime',
      description: 'Updated every few minutes while the session is used.',
      resolve: (s) => s.session.lastSeenAt,
    }),
    expiresAt: t.field({ type: 'DateTime', resolve: (s) => s.session.expiresAt }),
    tokenAuth: t.boolean({
      description: 'Started by a staff-issued sign-in link.',
      resolve: (s) => s.session.tokenAuth,
    }),
    current: t.boolean({ description: 'The session of this request.', resolve: (s) => s.current }),
  }),
});

/** The viewer's sessions: this one first, then the most recently used. */
async function sessionsOf(ctx: GraphQLContext, viewer: Viewer): Promise<SessionShape[]> {
  const rows = await listSessionsOf(ctx.deps.db, viewer.user.id);
  const shapes = rows.map((session) => ({ session, current: session.idHash === viewer.sessionIdHash }));
  return [...shapes.filter((s) => s.current), ...shapes.filter((s) => !s.current)];
}

type AccountSecurityShape = { sessions?: SessionShape[] | null; error?: ServerErrorShape | null };

const AccountSecurityPayload = builder.objectRef<AccountSecurityShape>('AccountSecurityPayload').implement({
  subGraphs: PUBLIC,
  description: 'The viewer’s sessions after the change, or why it was refused.',
  fields: (t) => ({
    sessions: t.field({ type: [UserSession], nullable: true, resolve: (p) => p.sessions ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

builder.queryField('mySessions', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: [UserSession],
    description: 'The viewer’s signed-in sessions: this one first, then the most recently used.',
    resolve: (_r, _a, ctx) => sessionsOf(ctx, requireViewer(ctx)),
  }),
);

builder.mutationField('changePassword', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: AccountSecurityPayload,
    description:
      'Changes the viewer’s password; the current one is required. Every other session of the viewer ends.',
    args: {
      currentPassword: t.arg.string({ required: true }),
      newPassword: t.arg.string({ required: true }),
    },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const viewer = requireViewer(ctx);
        await changePassword(ctx.deps, viewer, args, { ip: requestIp(ctx) });
        await recordAudit(ctx.deps.db, auditActor(ctx), {
          clientId: null,
          action: 'user.password_changed',
          target: { kind: 'user', id: viewer.user.id, label: viewer.user.email },
        });
        return { sessions: await sessionsOf(ctx, viewer) };
      }),
  }),
);

builder.mutationField('revokeSession', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: AccountSecurityPayload,
    description: 'Signs one of the viewer’s other sessions out (to end this one, sign out).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const viewer = requireViewer(ctx);
        const id = String(args.id);
        if (id === viewer.sessionId)
          throw new DomainError('CURRENT_SESSION', 'This is the session you are using: sign out instead.');
        // Another user's session is "not found", exactly like an unknown id.
        await audited(
          ctx.deps.db,
          auditActor(ctx),
          async (tx) => {
            if (!isUuid(id) || !(await endSessionOf(tx, viewer.user.id, id))) throw notFound('The session');
          },
          () => ({
            clientId: null,
            action: 'user.session_revoked',
            target: { kind: 'session', id, label: viewer.user.email },
          }),
        );
        return { sessions: await sessionsOf(ctx, viewer) };
      }),
  }),
);

builder.mutationField('revokeOtherSessions', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: AccountSecurityPayload,
    description: 'Signs every session of the viewer out except this one.',
    resolve: (_r, _a, ctx) =>
      payload(async () => {
        const viewer = requireViewer(ctx);
        await audited(
          ctx.deps.db,
          auditActor(ctx),
          (tx) => endOtherSessionsOf(tx, viewer.user.id, viewer.sessionIdHash),
          () => ({
            clientId: null,
            action: 'user.other_sessions_revoked',
            target: { kind: 'user', id: viewer.user.id, label: viewer.user.email },
          }),
        );
        return { sessions: await sessionsOf(ctx, viewer) };
      }),
  }),
);
