import { CLIENT, ServerError, builder, payload, type ServerErrorShape } from '../../graphql/builder.js';
import { clientActor } from '../../graphql/context.js';
import { requestIp } from '../../auth/limits.js';
import type { InvitationRow, MembershipRow, UserRow } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import { membershipOf, Permissions } from '../clients/index.js';
import {
  deactivateUser,
  inviteUser,
  listMembers,
  listPendingInvitations,
  reactivateUser,
  revokeInvitation,
  resendInvitation,
  setUserAdmin,
  type Actor,
  type InvitationDelivery,
} from './members.service.js';
import { initialsOf } from './user-rules.js';
import { audited, auditActor, recordAudit, type AuditAction } from '../audit/index.js';

type MemberShape = { user: UserRow; membership: MembershipRow; viewerId: string };
type InvitationShape = { invitation: InvitationRow; invitedByEmail: string | null };

const Member = builder.objectRef<MemberShape>('Member').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    userId: t.id({ resolve: (m) => m.user.id }),
    email: t.string({ resolve: (m) => m.user.email }),
    firstName: t.string({ resolve: (m) => m.user.firstName }),
    lastName: t.string({ resolve: (m) => m.user.lastName }),
    initials: t.string({ resolve: (m) => initialsOf(m.user) }),
    permissions: t.field({
      type: Permissions,
      resolve: (m) => ({
        isActive: m.membership.isActive,
        isAdmin: m.membership.isAdmin,
        isClientUser: m.membership.isClientUser,
      }),
    }),
    joinedAt: t.field({ type: 'DateTime', resolve: (m) => m.membership.createdAt }),
    isViewer: t.boolean({ resolve: (m) => m.user.id === m.viewerId }),
  }),
});

const PendingInvitation = builder.objectRef<InvitationShape>('PendingInvitation').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.id({ resolve: (i) => i.invitation.id }),
    email: t.string({ resolve: (i) => i.invitation.email }),
    isAdmin: t.boolean({ resolve: (i) => i.invitation.isAdmin }),
    createdAt: t.field({ type: 'DateTime', resolve: (i) => i.invitation.createdAt }),
    expiresAt: t.field({ type: 'DateTime', resolve: (i) => i.invitation.expiresAt }),
    invitedByEmail: t.string({ nullable: true, resolve: (i) => i.invitedByEmail }),
  }),
});

type MemberPayloadShape = { member?: MemberShape | null; error?: ServerErrorShape | null };
const MemberPayload = builder.objectRef<MemberPayloadShape>('MemberPayload').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    member: t.field({ type: Member, nullable: true, resolve: (p) => p.member ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

type InvitationPayloadShape = {
  invitation?: InvitationShape | null;
  delivery?: InvitationDelivery | null;
  error?: ServerErrorShape | null;
};
const InvitationPayload = builder.objectRef<InvitationPayloadShape>('InvitationPayload').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    invitation: t.field({ type: PendingInvitation, nullable: true, resolve: (p) => p.invitation ?? null }),
    mailSent: t.boolean({
      nullable: true,
      description:
        'Whether the invitation mail was sent (a mail server took it). False without SMTP_URL, where the mail only goes to the server log; null when no mail was due (revokeInvitation).',
      resolve: (p) => p.delivery?.mailSent ?? null,
    }),
    invitationLink: t.string({
      nullable: true,
      description:
        'The link that accepts the invitation, given only when no mail was sent, for the admin to pass on.',
      resolve: (p) => (p.delivery && !p.delivery.mailSent ? p.delivery.link : null),
    }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

function adminActor(actor: Actor): Actor {
  if (!actor.isAdmin) throw new DomainError('NOT_ADMIN', 'Only admins can manage users.');
  return actor;
}

builder.queryField('members', (t) =>
  t.field({
    subGraphs: CLIENT,
    type: [Member],
    description: 'Members of the client, active or inactive. Admins only.',
    args: { active: t.arg.boolean({ required: false, defaultValue: true }) },
    resolve: async (_r, args, ctx) => {
      const actor = adminActor(clientActor(ctx));
      const rows = await listMembers(ctx.deps.db, actor.clientId, args.active ?? true);
      return rows.map((r) => ({ ...r, viewerId: actor.user.id }));
    },
  }),
);

builder.queryField('pendingInvitations', (t) =>
  t.field({
    subGraphs: CLIENT,
    type: [PendingInvitation],
    description: 'Invitations not yet accepted, revoked or expired. Admins only.',
    resolve: async (_r, _a, ctx) => {
      const actor = adminActor(clientActor(ctx));
      return listPendingInvitations(ctx.deps.db, actor.clientId);
    },
  }),
);

builder.mutationField('inviteUser', (t) =>
  t.field({
    subGraphs: CLIENT,
    type: InvitationPayload,
    args: {
      email: t.arg.string({ required: true }),
      isAdmin: t.arg.boolean({ required: false, defaultValue: false }),
    },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const actor = clientActor(ctx);
        const isAdmin = args.isAdmin ?? false;
        // Recorded after the invitation: its mail limits count even when a later step refuses, so
        // they are not rolled back with a transaction.
        const invitation = await inviteUser(ctx.deps, actor, args.email, isAdmin, { ip: requestIp(ctx) });
        await recordAudit(ctx.deps.db, auditActor(ctx), {
          clientId: actor.clientId,
          action: 'member.invited',
          target: { kind: 'invitation', id: invitation.invitation.id, label: invitation.invitation.email },
          details: { isAdmin },
        });
        return { invitation, delivery: invitation.delivery };
      }),
  }),
);

for (const [name, action, audit] of [
  ['resendInvitation', resendInvitation, 'member.invitation_resent'],
  ['revokeInvitation', revokeInvitation, 'member.invitation_revoked'],
] as const) {
  builder.mutationField(name, (t) =>
    t.field({
      subGraphs: CLIENT,
      type: InvitationPayload,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) =>
        payload(async () => {
          const actor = clientActor(ctx);
          const invitation = await action(ctx.deps, actor, String(args.id), { ip: requestIp(ctx) });
          await recordAudit(ctx.deps.db, auditActor(ctx), {
            clientId: actor.clientId,
            action: audit,
            target: { kind: 'invitation', id: invitation.invitation.id, label: invitation.invitation.email },
          });
          return { invitation, delivery: invitation.delivery };
        }),
    }),
  );
}

for (const [name, action, audit] of [
  ['deactivateUser', deactivateUser, 'member.deactivated'],
  ['reactivateUser', reactivateUser, 'member.reactivated'],
] as const satisfies readonly [string, unknown, AuditAction][]) {
  builder.mutationField(name, (t) =>
    t.field({
      subGraphs: CLIENT,
      type: MemberPayload,
      args: { userId: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) =>
        payload(async () => {
          const actor = clientActor(ctx);
          const result = await audited(
            ctx.deps.db,
            auditActor(ctx),
            (tx) => action({ ...ctx.deps, db: tx }, actor, String(args.userId)),
            (r) => ({
              clientId: actor.clientId,
              action: audit,
              target: { kind: 'user', id: r.user.id, label: r.user.email },
            }),
          );
          return { member: { ...result, viewerId: actor.user.id } };
        }),
    }),
  );
}

builder.mutationField('setUserAdmin', (t) =>
  t.field({
    subGraphs: CLIENT,
    type: MemberPayload,
    args: { userId: t.arg.id({ required: true }), isAdmin: t.arg.boolean({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const actor = clientActor(ctx);
        const userId = String(args.userId);
        const result = await audited(
          ctx.deps.db,
          auditActor(ctx),
          async (tx) => {
            const before = await membershipOf(tx, userId, actor.clientId);
            const after = await setUserAdmin({ ...ctx.deps, db: tx }, actor, userId, args.isAdmin);
            return { ...after, wasAdmin: before?.isAdmin ?? false };
          },
          (r) =>
            r.wasAdmin === r.membership.isAdmin
              ? null
              : {
                  clientId: actor.clientId,
                  action: 'member.role_changed',
                  target: { kind: 'user', id: r.user.id, label: r.user.email },
                  details: { isAdmin: r.membership.isAdmin, wasAdmin: r.wasAdmin },
                },
        );
        return { member: { ...result, viewerId: actor.user.id } };
      }),
  }),
);
