import { CLIENT, ServerError, builder, payload, type ServerErrorShape } from '../../graphql/builder.js';
import { clientActor } from '../../graphql/context.js';
import { requestIp } from '../../auth/limits.js';
import type { InvitationRow, MembershipRow, UserRow } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import { Permissions } from '../clients/clients.schema.js';
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
} from './members.service.js';
import { initialsOf } from './user-rules.js';

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

type InvitationPayloadShape = { invitation?: InvitationShape | null; error?: ServerErrorShape | null };
const InvitationPayload = builder.objectRef<InvitationPayloadShape>('InvitationPayload').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    invitation: t.field({ type: PendingInvitation, nullable: true, resolve: (p) => p.invitation ?? null }),
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
      payload(async () => ({
        invitation: await inviteUser(ctx.deps, clientActor(ctx), args.email, args.isAdmin ?? false, {
          ip: requestIp(ctx),
        }),
      })),
  }),
);

for (const [name, action] of [
  ['resendInvitation', resendInvitation],
  ['revokeInvitation', revokeInvitation],
] as const) {
  builder.mutationField(name, (t) =>
    t.field({
      subGraphs: CLIENT,
      type: InvitationPayload,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) =>
        payload(async () => ({
          invitation: await action(ctx.deps, clientActor(ctx), String(args.id), { ip: requestIp(ctx) }),
        })),
    }),
  );
}

for (const [name, action] of [
  ['deactivateUser', deactivateUser],
  ['reactivateUser', reactivateUser],
] as const) {
  builder.mutationField(name, (t) =>
    t.field({
      subGraphs: CLIENT,
      type: MemberPayload,
      args: { userId: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) =>
        payload(async () => {
          const actor = clientActor(ctx);
          const result = await action(ctx.deps, actor, String(args.userId));
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
        const result = await setUserAdmin(ctx.deps, actor, String(args.userId), args.isAdmin);
        return { member: { ...result, viewerId: actor.user.id } };
      }),
  }),
);
