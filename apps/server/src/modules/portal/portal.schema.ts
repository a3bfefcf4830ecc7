import { requestIp } from '../../auth/limits.js';
import { PUBLIC, ServerError, builder, payload, type ServerErrorShape } from '../../graphql/builder.js';
import { requireStaff } from '../../graphql/context.js';
import type { ClientRow, MembershipRow, PlanStatus as PlanStatusValue, UserRow } from '../../db/schema.js';
import { msaRecords, users } from '../../db/schema.js';
import { eq } from 'drizzle-orm';
import { invalidInput } from '../../errors.js';
import {
  addMember,
  CLIENT_FEATURES,
  ClientFeature,
  createClient,
  getClient,
  listClientsForPortal,
  memberCounts,
  membersOf,
  Permissions,
  planFields,
  PlanStatus,
  requireClient,
  setFeature,
  setPlan,
} from '../clients/index.js';
import { listOutbox } from '../mail/index.js';
import { createSignInLink, findUserByEmail, inviteUser } from '../users/index.js';
import { deleteMsa, getMsa, msaDownloadPath } from './msa.service.js';
import { audited, auditActor, recordAudit } from '../audit/index.js';
import { once } from '../idempotency/index.js';
import { createScope, IDEMPOTENCY_KEY_ARG } from '../../graphql/idempotency.js';

type PortalClientShape = ClientRow & { memberCount?: number };

const PortalMember = builder
  .objectRef<{ user: UserRow; membership: MembershipRow }>('PortalMember')
  .implement({
    subGraphs: PUBLIC,
    fields: (t) => ({
      userId: t.id({ resolve: (m) => m.user.id }),
      email: t.string({ resolve: (m) => m.user.email }),
      firstName: t.string({ resolve: (m) => m.user.firstName }),
      lastName: t.string({ resolve: (m) => m.user.lastName }),
      permissions: t.field({
        type: Permissions,
        resolve: (m) => ({
          isActive: m.membership.isActive,
          isAdmin: m.membership.isAdmin,
          isClientUser: m.membership.isClientUser,
        }),
      }),
    }),
  });

const Msa = builder
  .objectRef<typeof msaRecords.$inferSelect & { uploadedByEmail: string | null }>('Msa')
  .implement({
    subGraphs: PUBLIC,
    description: 'The master services agreement on file for a client.',
    fields: (t) => ({
      fileName: t.exposeString('fileName'),
      contentType: t.exposeString('contentType'),
      size: t.exposeInt('size'),
      uploadedAt: t.expose('uploadedAt', { type: 'DateTime' }),
      uploadedByEmail: t.exposeString('uploadedByEmail', { nullable: true }),
      downloadUrl: t.string({ resolve: (m) => msaDownloadPath(m.clientId, m.fileName) }),
    }),
  });

const PortalClient = builder.objectRef<PortalClientShape>('PortalClient').implement({
  subGraphs: PUBLIC,
  fields: (t) => ({
    ...planFields(t),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    storedPlanStatus: t.field({
      type: PlanStatus,
      description: 'The plan as staff set it; planStatus is what users live under.',
      resolve: (c) => c.planStatus as PlanStatusValue,
    }),
    isPaying: t.boolean({ resolve: (c) => c.planStatus === 'paying' }),
    memberCount: t.int({
      resolve: async (c, _a, ctx) =>
        c.memberCount ?? (await memberCounts(ctx.deps.db, [c.id])).get(c.id) ?? 0,
    }),
    members: t.field({ type: [PortalMember], resolve: (c, _a, ctx) => membersOf(ctx.deps.db, c.id) }),
    features: t.field({
      type: [ClientFeature],
      resolve: (c, _a, ctx) => ctx.loaders.of(CLIENT_FEATURES).load(c.id),
    }),
    msa: t.field({
      type: Msa,
      nullable: true,
      resolve: async (c, _a, ctx) => {
        const [row] = await ctx.deps.db
          .select({ msa: msaRecords, uploadedByEmail: users.email })
          .from(msaRecords)
          .leftJoin(users, eq(users.id, msaRecords.uploadedById))
          .where(eq(msaRecords.clientId, c.id));
        return row ? { ...row.msa, uploadedByEmail: row.uploadedByEmail } : null;
      },
    }),
  }),
});

const OutboxMail = builder
  .objectRef<{
    id: string;
    to: string;
    subject: string;
    text: string;
    createdAt: Date;
    transport: string;
    error: string | null;
  }>('OutboxMail')
  .implement({
    subGraphs: PUBLIC,
    fields: (t) => ({
      id: t.exposeID('id'),
      to: t.exposeString('to'),
      subject: t.exposeString('subject'),
      text: t.exposeString('text'),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      transport: t.exposeString('transport'),
      error: t.exposeString('error', { nullable: true }),
    }),
  });

builder.queryField('portalClients', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: [PortalClient],
    description: 'Staff only. Paying clients only unless onlyPaying is false.',
    args: {
      onlyPaying: t.arg.boolean({ required: false, defaultValue: true }),
      search: t.arg.string({ required: false }),
    },
    resolve: async (_r, args, ctx) => {
      requireStaff(ctx);
      const rows = await listClientsForPortal(ctx.deps.db, {
        onlyPaying: args.onlyPaying ?? true,
        search: args.search,
      });
      const counts = await memberCounts(
        ctx.deps.db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({ ...r, memberCount: counts.get(r.id) ?? 0 }));
    },
  }),
);

builder.queryField('portalClient', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: PortalClient,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      requireStaff(ctx);
      return (await getClient(ctx.deps.db, String(args.id))) ?? null;
    },
  }),
);

builder.queryField('outbox', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: [OutboxMail],
    description: 'Staff only. Mail the platform sent or logged, newest first.',
    args: { limit: t.arg.int({ required: false, defaultValue: 50 }) },
    resolve: (_r, args, ctx) => {
      requireStaff(ctx);
      return listOutbox(ctx.deps.db, args.limit ?? 50);
    },
  }),
);

type ClientPayloadShape = { client?: PortalClientShape | null; error?: ServerErrorShape | null };
const ClientPayload = builder.objectRef<ClientPayloadShape>('ClientPayload').implement({
  subGraphs: PUBLIC,
  fields: (t) => ({
    client: t.field({ type: PortalClient, nullable: true, resolve: (p) => p.client ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

const SignInLinkPayload = builder
  .objectRef<{ url?: string; expiresAt?: Date; error?: ServerErrorShape | null }>('SignInLinkPayload')
  .implement({
    subGraphs: PUBLIC,
    fields: (t) => ({
      url: t.string({ nullable: true, resolve: (p) => p.url ?? null }),
      expiresAt: t.field({ type: 'DateTime', nullable: true, resolve: (p) => p.expiresAt ?? null }),
      error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
    }),
  });

builder.mutationField('portalCreateClient', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: ClientPayload,
    description:
      'Staff only. Creates a client; with adminEmail, an existing user joins as admin, anyone else is invited.',
    args: {
      name: t.arg.string({ required: true }),
      adminEmail: t.arg.string({ required: false }),
      planStatus: t.arg({ type: PlanStatus, required: false, defaultValue: 'trial' }),
      idempotencyKey: t.arg.string(IDEMPOTENCY_KEY_ARG),
    },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const viewer = requireStaff(ctx);
        const adminEmail = args.adminEmail?.trim();
        const existing = adminEmail ? await findUserByEmail(ctx.deps.db, adminEmail) : undefined;
        const { value: client, replayed } = await once(
          ctx.deps.db,
          createScope({ user: viewer.user, clientId: null }, 'portalCreateClient', args.idempotencyKey),
          async (tx) => {
            const created = await createClient(tx, {
              name: args.name,
              planStatus: args.planStatus ?? 'trial',
            });
            await recordAudit(tx, auditActor(ctx), {
              clientId: created.id,
              action: 'client.created',
              target: { kind: 'client', id: created.id, label: created.name },
              details: { planStatus: created.planStatus, adminEmail: adminEmail || null },
            });
            if (existing) await addMember(tx, { userId: existing.id, clientId: created.id, isAdmin: true });
            return created;
          },
          (created) => created.id,
          (db, id) => getClient(db, id),
        );
        // Anyone else is invited once the client exists (the invitation's mail limits are not rolled back).
        if (adminEmail && !existing && !replayed)
          await inviteUser(
            ctx.deps,
            { user: viewer.user, clientId: client.id, isAdmin: true },
            adminEmail,
            true,
            { ip: requestIp(ctx) },
          );
        return { client };
      }),
  }),
);

builder.mutationField('portalSetClientFeature', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: ClientPayload,
    args: {
      clientId: t.arg.id({ required: true }),
      key: t.arg.string({ required: true }),
      enabled: t.arg.boolean({ required: true }),
    },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        requireStaff(ctx);
        const client = await audited(
          ctx.deps.db,
          auditActor(ctx),
          async (tx) => {
            await setFeature(tx, String(args.clientId), args.key, args.enabled);
            return requireClient(tx, String(args.clientId));
          },
          (c) => ({
            clientId: c.id,
            action: 'client.feature_changed',
            target: { kind: 'client', id: c.id, label: c.name },
            details: { key: args.key, enabled: args.enabled },
          }),
        );
        return { client };
      }),
  }),
);

builder.mutationField('portalSetClientPlan', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: ClientPayload,
    args: {
      clientId: t.arg.id({ required: true }),
      planStatus: t.arg({ type: PlanStatus, required: true }),
      billingRequired: t.arg.boolean({ required: true }),
      trialEndsAt: t.arg({ type: 'DateTime', required: false }),
    },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        requireStaff(ctx);
        await requireClient(ctx.deps.db, String(args.clientId));
        if (args.trialEndsAt && Number.isNaN(args.trialEndsAt.getTime()))
          throw invalidInput('Invalid trial end date.');
        const plan = {
          planStatus: args.planStatus,
          billingRequired: args.billingRequired,
          trialEndsAt: args.trialEndsAt ?? null,
        };
        const client = await audited(
          ctx.deps.db,
          auditActor(ctx),
          (tx) => setPlan(tx, String(args.clientId), plan),
          (c) => ({
            clientId: c.id,
            action: 'client.plan_changed',
            target: { kind: 'client', id: c.id, label: c.name },
            details: { ...plan, trialEndsAt: plan.trialEndsAt?.toISOString() ?? null },
          }),
        );
        return { client };
      }),
  }),
);

builder.mutationField('portalCreateSignInLink', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: SignInLinkPayload,
    description: 'Staff only. A one-time link that signs the user in with tokenAuth (generic branding).',
    args: { email: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const viewer = requireStaff(ctx);
        const link = await createSignInLink(ctx.deps, args.email, viewer.user.id, { ip: requestIp(ctx) });
        await recordAudit(ctx.deps.db, auditActor(ctx), {
          clientId: null,
          action: 'staff.sign_in_link_created',
          target: { kind: 'user', id: link.user.id, label: link.user.email },
          details: { expiresAt: link.expiresAt.toISOString() },
        });
        return { url: link.url, expiresAt: link.expiresAt };
      }),
  }),
);

builder.mutationField('portalDeleteMsa', (t) =>
  t.field({
    subGraphs: PUBLIC,
    type: ClientPayload,
    args: { clientId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        requireStaff(ctx);
        const client = await requireClient(ctx.deps.db, String(args.clientId));
        await audited(
          ctx.deps.db,
          auditActor(ctx),
          async (tx) => {
            const msa = await getMsa({ ...ctx.deps, db: tx }, client.id);
            await deleteMsa({ ...ctx.deps, db: tx }, client.id);
            return msa;
          },
          (msa) => ({
            clientId: client.id,
            action: 'client.msa_deleted',
            target: { kind: 'client', id: client.id, label: client.name },
            details: { fileName: msa?.fileName ?? null },
          }),
        );
        return { client };
      }),
  }),
);
