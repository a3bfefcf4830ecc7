/**
 * The Meta connection over the client-scoped endpoint (docs/issue-18/meta-api.graphql): the integration's
 * state, start connecting, pick ad accounts (starts the backfill), sync now, disconnect.
 */
import { CLIENT, ServerError, builder, payload, type ServerErrorShape } from '../../../graphql/builder.js';
import { clientActor } from '../../../graphql/context.js';
import { auditActor } from '../../audit/index.js';
import type { AdConnectionRow } from '../../../db/schema.js';
import { adAccountsOf, type MetaAdAccountView } from './ad-account-list.js';
import { metaConnection } from './connection.js';
import { metaEnv } from './meta-env.js';
import { disconnect, selectAccounts, startConnection, syncNow } from './meta.service.js';

const AdConnectionStatus = builder.enumType('AdConnectionStatus', {
  subGraphs: CLIENT,
  values: {
    CONNECTED: { value: 'connected' },
    RECONNECT_NEEDED: {
      value: 'reconnect_needed',
      description: 'Meta refused the token (revoked or expired): connect again; synced data is kept.',
    },
    DISCONNECTED: { value: 'disconnected' },
  } as const,
});

const MetaSyncState = builder.enumType('MetaSyncState', {
  subGraphs: CLIENT,
  values: {
    IDLE: { value: 'idle' },
    QUEUED: { value: 'queued' },
    RUNNING: { value: 'running' },
    COMPLETED: { value: 'completed' },
    FAILED: { value: 'failed' },
    PARTIAL: {
      value: 'partial',
      description:
        'Some accounts or days failed (listed in failures); the rest was synced and earlier data kept.',
    },
  } as const,
});

const MetaSync = builder.objectRef<AdConnectionRow>('MetaSync').implement({
  subGraphs: CLIENT,
  description: 'The running or last sync of the connection.',
  fields: (t) => ({
    state: t.field({ type: MetaSyncState, resolve: (c) => c.syncState }),
    progress: t.float({
      nullable: true,
      description: '0 to 1 while running.',
      resolve: (c) => c.syncProgress,
    }),
    message: t.string({ nullable: true, resolve: (c) => c.syncMessage }),
    startedAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.syncStartedAt }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.syncFinishedAt }),
    failures: t.stringList({
      description: 'What the sync could not do, one line each.',
      resolve: (c) => c.syncFailures,
    }),
  }),
});

const MetaAdAccount = builder.objectRef<MetaAdAccountView>('MetaAdAccount').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    externalId: t.exposeString('externalId', { description: "Meta's id, act_…" }),
    name: t.exposeString('name'),
    currency: t.exposeString('currency'),
    timeZone: t.exposeString('timeZone'),
    selected: t.exposeBoolean('selected', { description: 'Picked for syncing.' }),
    id: t.id({ nullable: true, description: "Adloom's ad account id once picked.", resolve: (a) => a.id }),
    lastSyncedAt: t.field({ type: 'DateTime', nullable: true, resolve: (a) => a.lastSyncedAt }),
  }),
});

const MetaConnection = builder.objectRef<AdConnectionRow>('MetaConnection').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: AdConnectionStatus, resolve: (c) => c.status }),
    userName: t.string({
      nullable: true,
      description: 'The Facebook user who connected.',
      resolve: (c) => c.externalUserName,
    }),
    connectedAt: t.field({ type: 'DateTime', resolve: (c) => c.createdAt }),
    lastSyncAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.lastSyncAt }),
    lastSyncError: t.string({ nullable: true, resolve: (c) => c.lastSyncError }),
    backfillDays: t.exposeInt('backfillDays'),
    accounts: t.field({
      type: [MetaAdAccount],
      description:
        "The ad accounts the Facebook user can read (Meta's list, kept five minutes) and those picked before.",
      resolve: (c, _a, ctx) => adAccountsOf(ctx.deps, c),
    }),
    sync: t.field({ type: MetaSync, resolve: (c) => c }),
  }),
});

interface IntegrationShape {
  configured: boolean;
  sandbox: boolean;
  appId: string | null;
  clientId: string;
}

const MetaIntegration = builder.objectRef<IntegrationShape>('MetaIntegration').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    configured: t.exposeBoolean('configured', { description: 'META_APP_ID and META_APP_SECRET are set.' }),
    sandbox: t.exposeBoolean('sandbox', {
      description: 'The bundled fake Graph API answers (the demo setup).',
    }),
    appId: t.string({ nullable: true, resolve: (i) => i.appId }),
    connection: t.field({
      type: MetaConnection,
      nullable: true,
      resolve: async (i, _a, ctx) => (await metaConnection(ctx.deps.db, i.clientId)) ?? null,
    }),
  }),
});

builder.queryFields((t) => ({
  metaIntegration: t.field({
    subGraphs: CLIENT,
    type: MetaIntegration,
    description: "The client's Meta integration: whether an app is set, the connection and its sync.",
    resolve: (_r, _a, ctx) => {
      const { clientId } = clientActor(ctx);
      const env = metaEnv(ctx.deps.config);
      return { configured: env.configured, sandbox: env.sandbox, appId: env.appId, clientId };
    },
  }),
}));

type StartShape = { authorizeUrl?: string | null; error?: ServerErrorShape | null };
const StartMetaConnectionPayload = builder.objectRef<StartShape>('StartMetaConnectionPayload').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    authorizeUrl: t.string({
      nullable: true,
      description: "Facebook's login dialog; Meta returns to /integrations/meta/callback.",
      resolve: (p) => p.authorizeUrl ?? null,
    }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

type ConnectionShape = { connection?: AdConnectionRow | null; error?: ServerErrorShape | null };
const MetaConnectionPayload = builder.objectRef<ConnectionShape>('MetaConnectionPayload').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    connection: t.field({ type: MetaConnection, nullable: true, resolve: (p) => p.connection ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

builder.mutationFields((t) => ({
  startMetaConnection: t.field({
    subGraphs: CLIENT,
    type: StartMetaConnectionPayload,
    description:
      'Where to send the browser to connect Meta (admins). The callback returns to the integrations page with ?meta=connected or ?meta=error&message=….',
    resolve: (_r, _a, ctx) =>
      payload(async () => ({ authorizeUrl: await startConnection(ctx.deps, clientActor(ctx)) })),
  }),
  selectMetaAdAccounts: t.field({
    subGraphs: CLIENT,
    type: MetaConnectionPayload,
    description:
      'Picks the ad accounts to sync (the others stop syncing) and the days to backfill, and starts the sync (admins).',
    args: {
      externalIds: t.arg.stringList({ required: true }),
      backfillDays: t.arg.int({ required: true }),
    },
    resolve: (_r, args, ctx) =>
      payload(async () => ({
        connection: await selectAccounts(ctx.deps, clientActor(ctx), args.externalIds, args.backfillDays),
      })),
  }),
  syncMetaNow: t.field({
    subGraphs: CLIENT,
    type: MetaConnectionPayload,
    description: 'Queues a sync of the picked ad accounts now.',
    resolve: (_r, _a, ctx) =>
      payload(async () => ({ connection: await syncNow(ctx.deps, clientActor(ctx)) })),
  }),
  disconnectMeta: t.field({
    subGraphs: CLIENT,
    type: MetaConnectionPayload,
    description: 'Forgets the token and stops syncing; every synced row is kept (admins).',
    resolve: (_r, _a, ctx) =>
      payload(async () => ({ connection: await disconnect(ctx.deps, clientActor(ctx), auditActor(ctx)) })),
  }),
}));
