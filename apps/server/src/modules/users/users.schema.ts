import { BOTH, PUBLIC, ServerError, builder, payload, type ServerErrorShape } from '../../graphql/builder.js';
import { requireViewer, type GraphQLContext } from '../../graphql/context.js';
import type { ClientRow, MembershipRow, UserRow } from '../../db/schema.js';
import {
  acceptTerms,
  ClientFeature,
  CLIENT_FEATURES,
  clientsOfUser,
  getClient,
  landingPath,
  membershipOf,
  Permissions,
  planFields,
  requireClient,
  showTermsModal,
} from '../clients/index.js';
import { createWorkspace } from './account.service.js';
import { findInvitationByToken } from './members.service.js';
import { initialsOf, permissionsOf } from './user-rules.js';
import { findUserByEmail, setDemoMode } from './users.service.js';
import { auditActor, recordAudit } from '../audit/index.js';
import { publish } from '../../events/index.js';
import { once } from '../idempotency/index.js';
import { createScope, IDEMPOTENCY_KEY_ARG } from '../../graphql/idempotency.js';

/** A user as seen in one session: tokenAuth belongs to the session, not to the account. */
export interface UserView {
  user: UserRow;
  tokenAuth: boolean;
}

type UserClientShape = ClientRow & { membership: MembershipRow; viewer: UserView };

async function userClients(ctx: GraphQLContext, view: UserView): Promise<UserClientShape[]> {
  const rows = await clientsOfUser(ctx.deps.db, view.user.id);
  return rows.map((r) => ({ ...r.client, membership: r.membership, viewer: view }));
}

export const UserClient = builder.objectRef<UserClientShape>('UserClient').implement({
  subGraphs: PUBLIC,
  description: 'A client workspace as one of the viewer’s clients.',
  fields: (t) => ({
    ...planFields(t),
    permissions: t.field({ type: Permissions, resolve: (c) => permissionsOf(c.viewer.user, c.membership) }),
    features: t.field({
      type: [ClientFeature],
      resolve: (c, _a, ctx) => ctx.loaders.of(CLIENT_FEATURES).load(c.id),
    }),
    termsAccepted: t.boolean({ resolve: (c) => Boolean(c.membership.termsAcceptedAt) }),
    showTermsModal: t.boolean({
      description: 'The terms rule of spec section 4, computed for the viewer.',
      resolve: async (c, _a, ctx) => {
        const features = await ctx.loaders.of(CLIENT_FEATURES).load(c.id);
        return showTermsModal({
          termsFlag: features.some((f) => f.key === 'terms' && f.enabled),
          isStaff: c.viewer.user.isStaff,
          isSuperUser: c.viewer.user.isSuperUser,
          tokenAuth: c.viewer.tokenAuth,
          termsAcceptedAt: c.membership.termsAcceptedAt,
        });
      },
    }),
    landingPath: t.string({
      description: 'The default landing route of this client for the viewer (spec section 2).',
      resolve: (c) => landingPath(c, c.viewer.tokenAuth),
    }),
  }),
});

const FacebookInfo = builder.objectRef<{ id: string; name: string }>('FacebookInfo').implement({
  subGraphs: BOTH,
  description: 'The connected Facebook account; null until the Meta integration connects one.',
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name') }),
});

export const User = builder.objectRef<UserView>('User').implement({
  subGraphs: BOTH,
  fields: (t) => ({
    id: t.id({ resolve: (v) => v.user.id }),
    email: t.string({ resolve: (v) => v.user.email }),
    firstName: t.string({ resolve: (v) => v.user.firstName }),
    lastName: t.string({ resolve: (v) => v.user.lastName }),
    initials: t.string({ resolve: (v) => initialsOf(v.user) }),
    createdAt: t.field({ type: 'DateTime', resolve: (v) => v.user.createdAt }),
    hasMultipleClients: t.boolean({
      resolve: async (v, _a, ctx) => (await clientsOfUser(ctx.deps.db, v.user.id)).length > 1,
    }),
    tokenAuth: t.boolean({ resolve: (v) => v.tokenAuth }),
    clients: t.field({ type: [UserClient], subGraphs: PUBLIC, resolve: (v, _a, ctx) => userClients(ctx, v) }),
    isStaff: t.boolean({ resolve: (v) => v.user.isStaff }),
    isSuperUser: t.boolean({ resolve: (v) => v.user.isSuperUser }),
    permissions: t.field({
      type: Permissions,
      description: 'Permissions in a client: the endpoint’s client, else `clientId`, else the first client.',
      args: { clientId: t.arg.id({ required: false }) },
      resolve: async (v, args, ctx) => {
        if (ctx.clientScope) return ctx.clientScope.permissions;
        const clientId = args.clientId ? String(args.clientId) : (await userClients(ctx, v))[0]?.id;
        if (!clientId) return permissionsOf(v.user, undefined);
        return permissionsOf(v.user, await membershipOf(ctx.deps.db, v.user.id, clientId));
      },
    }),
    facebookInfo: t.field({
      type: FacebookInfo,
      nullable: true,
      resolve: (v) => v.user.facebookInfo ?? null,
    }),
    demoMode: t.boolean({ resolve: (v) => v.user.demoMode }),
  }),
});

builder.queryField('me', (t) =>
  t.field({
    subGraphs: BOTH,
    type: User,
    nullable: true,
    description: 'The signed-in user, or null when signed out.',
    resolve: (_r, _a, ctx) =>
      ctx.viewer ? { user: ctx.viewer.user, tokenAuth: ctx.viewer.tokenAuth } : null,
  }),
);

const Branding = builder
  .objectRef<{
    displayName: string;
    customerSuccessEmail: string;
    tokenAuth: boolean;
    auth0Enabled: boolean;
    localLoginEnabled: boolean;
  }>('Branding')
  .implement({
    subGraphs: PUBLIC,
    description: 'Token-auth sessions see the generic branding (spec section 1).',
    fields: (t) => ({
      displayName: t.exposeString('displayName'),
      customerSuccessEmail: t.exposeString('customerSuccessEmail'),
      tokenAuth: t.exposeBoolean('tokenAuth'),
      auth0Enabled: t.exposeBoolean('auth0Enabled'),
      localLoginEnabled: t.exposeBoolean('localLoginEnabled'),
    }),
  });

builder.queryField('branding', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: Branding,
    resolve: (_r, _a, ctx) => {
      const tokenAuth = ctx.viewer?.tokenAuth ?? false;
      const { config } = ctx.deps;
      return {
        displayName: tokenAuth ? 'Platform' : 'Adloom',
        customerSuccessEmail: tokenAuth ? config.tokenAuthCustomerSuccessEmail : config.customerSuccessEmail,
        tokenAuth,
        auth0Enabled: Boolean(config.auth0),
        localLoginEnabled: config.localLogin,
      };
    },
  }),
);

const Invitation = builder
  .objectRef<{ clientName: string; email: string; userExists: boolean; expiresAt: Date }>('Invitation')
  .implement({
    subGraphs: PUBLIC,
    fields: (t) => ({
      clientName: t.exposeString('clientName'),
      email: t.exposeString('email'),
      userExists: t.exposeBoolean('userExists'),
      expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    }),
  });

builder.queryField('invitation', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: Invitation,
    nullable: true,
    description: 'A pending invitation by its link token; null when unknown, used or expired.',
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const found = await findInvitationByToken(ctx.deps.db, args.token);
      if (!found) return null;
      return {
        clientName: found.clientName,
        email: found.invitation.email,
        userExists: Boolean(await findUserByEmail(ctx.deps.db, found.invitation.email)),
        expiresAt: found.invitation.expiresAt,
      };
    },
  }),
);

const UserPayload = builder.objectRef<{
  user?: UserView | null;
  error?: ServerErrorShape | null;
}>('UserPayload');
UserPayload.implement({
  subGraphs: PUBLIC,
  fields: (t) => ({
    user: t.field({ type: User, nullable: true, resolve: (p) => p.user ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

const WorkspacePayload = builder.objectRef<{
  client?: UserClientShape | null;
  error?: ServerErrorShape | null;
}>('WorkspacePayload');
WorkspacePayload.implement({
  subGraphs: PUBLIC,
  fields: (t) => ({
    client: t.field({ type: UserClient, nullable: true, resolve: (p) => p.client ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

builder.mutationField('setDemoMode', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: UserPayload,
    args: { enabled: t.arg.boolean({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const viewer = requireViewer(ctx);
        const user = await setDemoMode(ctx.deps.db, viewer.user.id, args.enabled);
        // The clients' demo data sets are ready before the answer (the performance module builds them).
        if (args.enabled) {
          const clientIds = (await clientsOfUser(ctx.deps.db, user.id)).map((r) => r.client.id);
          await publish(ctx.deps, 'demoModeEnabled', { userId: user.id, clientIds });
        }
        return { user: { user, tokenAuth: viewer.tokenAuth } };
      }),
  }),
);

builder.mutationField('createWorkspace', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: WorkspacePayload,
    description: 'Creates a client on a trial plan with the viewer as its admin (/register/client/).',
    args: { name: t.arg.string({ required: true }), idempotencyKey: t.arg.string(IDEMPOTENCY_KEY_ARG) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const viewer = requireViewer(ctx);
        const { value } = await once(
          ctx.deps.db,
          createScope({ user: viewer.user, clientId: null }, 'createWorkspace', args.idempotencyKey),
          async (tx) => {
            const created = await createWorkspace({ ...ctx.deps, db: tx }, viewer.user.id, args.name);
            await recordAudit(tx, auditActor(ctx), {
              clientId: created.client.id,
              action: 'client.created',
              target: { kind: 'client', id: created.client.id, label: created.client.name },
              details: { planStatus: created.client.planStatus, workspace: true },
            });
            return created;
          },
          (created) => created.client.id,
          async (db, id) => {
            const client = await getClient(db, id);
            const membership = client && (await membershipOf(db, viewer.user.id, client.id));
            return client && membership ? { client, membership } : null;
          },
        );
        const { client, membership } = value;
        return {
          client: { ...client, membership, viewer: { user: viewer.user, tokenAuth: viewer.tokenAuth } },
        };
      }),
  }),
);

builder.mutationField('acceptTerms', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: WorkspacePayload,
    args: { clientId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const viewer = requireViewer(ctx);
        const clientId = String(args.clientId);
        const updated = await acceptTerms(ctx.deps.db, viewer.user.id, clientId);
        const client = await requireClient(ctx.deps.db, clientId);
        return {
          client: {
            ...client,
            membership: updated,
            viewer: { user: viewer.user, tokenAuth: viewer.tokenAuth },
          },
        };
      }),
  }),
);
