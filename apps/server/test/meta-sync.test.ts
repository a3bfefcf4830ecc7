/**
 * The Meta connection against the fake Graph API on loopback: OAuth, accounts, backfill and nightly syncs
 * (synchronous and asynchronous), every documented failure mode, idempotent re-syncs and disconnecting.
 * Backoff and polling waits go through a fake clock (tuning.sleep), never real sleeps.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startFakeMeta, type StartedFakeMeta } from '@adloom/fakes';
import {
  createTestApp,
  describeEachDatabase,
  gql,
  PASSWORD,
  signIn,
  twoClients,
  type TestApp,
} from './harness.js';
import { adAccounts, adConnections, ads, auditEvents, users } from '../src/db/schema.js';
import { registeredJobs, startRegisteredWorkers } from '../src/jobs/registry.js';
import { createInProcessQueue } from '../src/jobs/in-process-queue.js';
import { runMetaSync, type MetaTuning } from '../src/modules/performance/index.js';
import { connectionTokenKey } from '../src/modules/performance/meta/connection-secret.js';
import { decryptToken } from '../src/modules/performance/meta/token-crypto.js';
import { addDays, todayIn } from '../src/modules/performance/meta/days.js';
import { adloomCreativeOf, connectThroughFake, dailyRowsOf, syncEnded } from './performance/meta-world.js';

const TZ = 'America/New_York';
const adloomCreative: { key?: string } = {};
/** Image hashes of ads (by ad id) whose creative a test uploaded to Meta; others get the fake's own. */
const uploadedHashes = new Map<string, string>();
const INTEGRATION = `{ metaIntegration { configured sandbox appId connection {
  id status userName backfillDays lastSyncError
  accounts { externalId name currency timeZone selected id lastSyncedAt }
  sync { state progress failures message } } } }`;
const SELECT = `mutation($ids: [String!]!, $days: Int!) { selectMetaAdAccounts(externalIds: $ids, backfillDays: $days) {
  connection { backfillDays accounts { externalId selected } } error { code message } } }`;
const SUMMARY = `query($from: Date!, $to: Date!, $currency: String) {
  adPerformanceSummary(from: $from, to: $to, filter: { currency: $currency }) { spend impressions purchases currency } }`;

/** A fake clock: sleeping advances it and records the wait. */
function fakeClock(onSleep?: () => Promise<void>) {
  let now = Date.now();
  const waits: number[] = [];
  const tuning: Partial<MetaTuning> = {
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
      await onSleep?.();
    },
    pollIntervalMs: 1_000,
    stuckTimeoutMs: 30_000,
    baseDelayMs: 1_000,
  };
  return { tuning, waits };
}

describeEachDatabase('Meta connection and sync against the fake Graph API on %s', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoClients>>;
  let fake: StartedFakeMeta;
  const today = todayIn(TZ);
  const asA = (query: string, variables: Record<string, unknown> = {}) =>
    gql(t, { session: w.sessionAdminA, clientId: w.a.id, query, variables });
  const connection = async () =>
    (await t.deps.db.select().from(adConnections).where(eq(adConnections.clientId, w.a.id)))[0]!;
  const first = () => fake.world.accounts[0]!;
  const second = () => fake.world.accounts[1]!;

  beforeAll(async () => {
    fake = await startFakeMeta({
      lastDay: today,
      timeZone: TZ,
      historyDays: 400,
      pageSize: 25,
      // The first ad shows an Adloom creative once the test has made one.
      creativeUrl: ({ accountIndex, index }) =>
        accountIndex === 0 && index === 0 && adloomCreative.key
          ? `http://adloom.test/files/${adloomCreative.key}`
          : undefined,
      creativeImageHash: ({ id }) => uploadedHashes.get(id),
    });
    t = await createTestApp(
      kind,
      {
        META_APP_ID: fake.appId,
        META_APP_SECRET: fake.appSecret,
        META_GRAPH_URL: fake.url,
        META_DIALOG_URL: fake.url,
        META_API_VERSION: 'v23.0',
      },
      undefined,
      { jobs: 'in-process' },
    );
    w = await twoClients(t);
    await startRegisteredWorkers(t.deps, { only: ['meta-sync'] });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('connects through OAuth: CONNECTED, facebookInfo filled, the token stored only encrypted', async () => {
    expect((await asA(INTEGRATION)).data?.metaIntegration).toEqual({
      configured: true,
      sandbox: false,
      appId: fake.appId,
      connection: null,
    });
    const back = await connectThroughFake(t, fake, w.sessionAdminA, w.a.id);
    expect(back.pathname).toBe(`/clients/${w.a.id}/integrations/`);
    expect(back.searchParams.get('meta')).toBe('connected');

    const row = await connection();
    expect(row.status).toBe('connected');
    const token = decryptToken(await connectionTokenKey(t.config, t.deps.db), w.a.id, row.tokenCiphertext!);
    expect(token).toMatch(/^EAAF/);
    expect(JSON.stringify(row)).not.toContain(token);
    // Bound to its client: the ciphertext does not open as another client's.
    await expect(async () =>
      decryptToken(await connectionTokenKey(t.config, t.deps.db), w.b.id, row.tokenCiphertext!),
    ).rejects.toThrow();
    const [user] = await t.deps.db.select().from(users).where(eq(users.id, w.adminA.id));
    expect(user!.facebookInfo).toEqual({ id: fake.user.id, name: fake.user.name });

    const info = (await asA(INTEGRATION)).data?.metaIntegration.connection;
    expect(info).toMatchObject({ status: 'CONNECTED', userName: fake.user.name, backfillDays: 30 });
    expect(info.accounts).toEqual([
      {
        externalId: first().id,
        name: first().name,
        currency: 'USD',
        timeZone: TZ,
        selected: false,
        id: null,
        lastSyncedAt: null,
      },
      {
        externalId: second().id,
        name: second().name,
        currency: 'EUR',
        timeZone: TZ,
        selected: false,
        id: null,
        lastSyncedAt: null,
      },
    ]);
  });

  it('refuses a forged state, a callback for another user, and a denied login', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: '/integrations/meta/callback?code=x&state=abc.def',
    });
    expect(forged.statusCode).toBe(400);
    const start = await asA('mutation { startMetaConnection { authorizeUrl } }');
    const dialog = await fetch(start.data?.startMetaConnection.authorizeUrl, { redirect: 'manual' });
    const callback = new URL(dialog.headers.get('location')!);
    const other = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: w.sessionAdminB.cookie },
    });
    expect(new URL(other.headers.location as string, 'http://x').searchParams.get('meta')).toBe('error');
    const member = await signIn(t, w.userA.email, PASSWORD);
    const refused = await gql(t, {
      session: member,
      clientId: w.a.id,
      query: 'mutation { startMetaConnection { authorizeUrl error { code message } } }',
    });
    expect(refused.data?.startMetaConnection).toEqual({
      authorizeUrl: null,
      error: { code: 'NOT_ADMIN', message: 'Only admins can connect Meta.' },
    });
    fake.state.denyLogin = true;
    const denied = await connectThroughFake(t, fake, w.sessionAdminA, w.a.id);
    fake.state.denyLogin = false;
    expect(denied.searchParams.get('meta')).toBe('error');
    expect(denied.searchParams.get('message')).toContain('Permissions error');
    expect((await connection()).status).toBe('connected');
  });

  it('refuses accounts the user cannot read and a backfill out of range, naming them', async () => {
    const unknown = await asA(SELECT, { ids: ['act_999'], days: 30 });
    expect(unknown.data?.selectMetaAdAccounts.error).toEqual({
      code: 'INVALID_INPUT',
      message: 'Not an ad account this Facebook user can read: act_999.',
    });
    const tooLong = await asA(SELECT, { ids: [first().id], days: 5000 });
    expect(tooLong.data?.selectMetaAdAccounts.error.message).toContain(
      'backfillDays must be a whole number of days from 1 to 1095',
    );
  });

  it('backfills the picked account (a job) and the summary shows the fake’s totals', async () => {
    const res = await asA(SELECT, { ids: [first().id], days: 10 });
    expect(res.data?.selectMetaAdAccounts.error).toBeNull();
    expect(res.data?.selectMetaAdAccounts.connection.backfillDays).toBe(10);
    const sync = await syncEnded(t, w.sessionAdminA, w.a.id);
    expect(sync).toMatchObject({ state: 'COMPLETED', progress: 1, failures: [] });

    const since = addDays(today, -9);
    const expected = fake.world.totals(first().id, since, today);
    const summary = await asA(SUMMARY, { from: since, to: today, currency: 'USD' });
    expect(summary.data?.adPerformanceSummary.spend).toBeCloseTo(expected.spend, 2);
    expect(summary.data?.adPerformanceSummary.impressions).toBe(expected.impressions);
    expect(summary.data?.adPerformanceSummary.purchases).toBe(expected.purchases);
    // Nothing before the backfill's first day.
    expect(
      (await asA(SUMMARY, { from: addDays(since, -30), to: addDays(since, -1), currency: 'USD' })).data
        ?.adPerformanceSummary.spend,
    ).toBe(0);

    const [account] = await t.deps.db.select().from(adAccounts).where(eq(adAccounts.externalId, first().id));
    expect(account).toMatchObject({
      source: 'meta',
      syncEnabled: true,
      attributionSetting: '7d_click_1d_view',
    });
    const breakdowns = await t.deps.db.execute(
      sql`select breakdown, count(*)::int as n from ad_insights_breakdowns where client_id = ${w.a.id} group by breakdown order by breakdown`,
    );
    expect(JSON.stringify(breakdowns)).toMatch(/placement/);
    const info = (await asA(INTEGRATION)).data?.metaIntegration.connection;
    expect(info.accounts[0]).toMatchObject({
      selected: true,
      id: account!.id,
      lastSyncedAt: expect.any(String),
    });
  });

  it('re-syncs idempotently: the same rows and totals', async () => {
    const before = await dailyRowsOf(t, first().id);
    const { tuning } = fakeClock();
    expect((await runMetaSync(t.deps, (await connection()).id, tuning)).state).toBe('completed');
    // Recent days again (Meta restates them), the same rows.
    expect(
      fake.state.requestsTo(/insights$/).some((r) => r.params.time_range?.includes(addDays(today, -3))),
    ).toBe(true);
    expect(await dailyRowsOf(t, first().id)).toEqual(before);
  });

  it('retries rate limits 17, 613 and 80004 after backoff (80004 as long as Meta says); progress readable meanwhile', async () => {
    const seen: unknown[] = [];
    const { tuning, waits } = fakeClock(async () => {
      seen.push((await asA(INTEGRATION)).data?.metaIntegration.connection.sync);
    });
    fake.state.rateLimit(17);
    fake.state.rateLimit(613);
    fake.state.rateLimit(80004, { regainMinutes: 2 });
    const outcome = await runMetaSync(t.deps, (await connection()).id, tuning);
    expect(outcome).toMatchObject({ state: 'completed', failures: [] });
    expect(waits).toEqual([1_000, 2_000, 120_000]);
    // While it waited, the sync said it was running, part of the way through.
    expect(seen[0]).toMatchObject({ state: 'RUNNING', failures: [] });
    const progress = (seen[0] as { progress: number }).progress;
    expect(progress).toBeGreaterThan(0);
    expect(progress).toBeLessThan(1);
  });

  it('ties an ad whose creative is an Adloom creative to its feed, design, template version and item', async () => {
    const key = await adloomCreativeOf(t, w.a.id);
    adloomCreative.key = key.outputKey;
    expect((await runMetaSync(t.deps, (await connection()).id, fakeClock().tuning)).state).toBe('completed');
    const [ad] = await t.deps.db
      .select()
      .from(ads)
      .where(eq(ads.externalId, fake.world.ads(first().id)[0]!.id));
    expect(ad).toMatchObject({
      creativeUrl: `http://adloom.test/files/${key.outputKey}`,
      feedId: key.feedId,
      designId: key.designId,
      templateVersionId: key.templateVersionId,
      catalogItemId: 'SKU-1',
    });
    const [other] = await t.deps.db
      .select()
      .from(ads)
      .where(eq(ads.externalId, fake.world.ads(first().id)[1]!.id));
    expect(other!.feedId).toBeNull();
  });

  it("ties an ad showing an uploaded copy of a creative (Meta's CDN URL) by its image_hash, the MD5 of the bytes", async () => {
    const jpeg = (color: string) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
        .jpeg()
        .toBuffer();
    const [shared, onlyB] = [await jpeg('#c03020'), await jpeg('#2050c0')];
    const mine = await adloomCreativeOf(t, w.a.id, { bytes: shared });
    // Client B made the very same bytes, and others that client A never made.
    const theirs = await adloomCreativeOf(t, w.b.id, { bytes: shared });
    const theirsOnly = await adloomCreativeOf(t, w.b.id, { bytes: onlyB });
    expect(mine.outputMd5).toBe(createHash('md5').update(shared).digest('hex'));
    expect(theirs.outputMd5).toBe(mine.outputMd5);
    const [, uploaded, notOurs] = fake.world.ads(first().id).filter((ad) => ad.kind === 'image');
    uploadedHashes.set(uploaded!.id, mine.outputMd5!);
    uploadedHashes.set(notOurs!.id, theirsOnly.outputMd5!);
    expect((await runMetaSync(t.deps, (await connection()).id, fakeClock().tuning)).state).toBe('completed');
    const adOf = async (id: string) => (await t.deps.db.select().from(ads).where(eq(ads.externalId, id)))[0]!;

    const tied = await adOf(uploaded!.id);
    expect(tied.creativeUrl).toBe(uploaded!.creative.imageUrl);
    expect(tied.creativeUrl).not.toContain('/files/');
    expect(tied).toMatchObject({
      creativeHash: mine.outputMd5,
      feedId: mine.feedId,
      designId: mine.designId,
      templateVersionId: mine.templateVersionId,
      catalogItemId: 'SKU-1',
    });
    // The same hash in client B's feeds is not client A's creative.
    const other = await adOf(notOurs!.id);
    expect(other).toMatchObject({ creativeHash: theirsOnly.outputMd5, feedId: null, designId: null });
    expect(other.catalogItemId).toBeNull();
    // An ad with the fake's own image keeps Meta's hash and ties to nothing.
    const plain = fake.world.ads(first().id).filter((ad) => ad.kind === 'image')[3]!;
    expect(await adOf(plain.id)).toMatchObject({ creativeHash: plain.creative.imageHash, feedId: null });
  });

  it('queues the nightly sync of connections not synced for 20 hours, and of syncs a dead process left', async () => {
    const nightly = registeredJobs().find((j) => j.name === 'meta-nightly-sync')!;
    const jobs = createInProcessQueue();
    const runNightly = () =>
      nightly.handler({ id: 'n', name: nightly.name, data: {} as never, retryCount: 0 } as never, {
        ...t.deps,
        jobs,
      });
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    const set = (values: Partial<typeof adConnections.$inferInsert>) =>
      t.deps.db.update(adConnections).set(values).where(eq(adConnections.clientId, w.a.id));

    await set({ lastSyncAt: hoursAgo(2) });
    expect(await runNightly()).toMatchObject({ queued: 0 });
    // Running, with progress written an hour ago: a live sync, left alone.
    await set({ lastSyncAt: hoursAgo(21), syncState: 'running', updatedAt: hoursAgo(1) });
    expect(await runNightly()).toMatchObject({ queued: 0 });
    await set({ syncState: 'running', updatedAt: hoursAgo(6) });
    expect(await runNightly()).toMatchObject({ queued: 1 });
    await set({ syncState: 'completed' });
    expect(await runNightly()).toMatchObject({ queued: 1 });
    expect((await connection()).syncState).toBe('queued');
    await jobs.stop();
    await runMetaSync(t.deps, (await connection()).id, fakeClock().tuning);
    expect((await connection()).syncState).toBe('completed');
  });

  it('gives up a chunk Meta keeps rate-limiting past the longest wait, and reports it (PARTIAL)', async () => {
    const { tuning } = fakeClock();
    const before = await dailyRowsOf(t, first().id);
    fake.state.rateLimit(80004, { regainMinutes: 60, times: 1, match: /insights$/ });
    const outcome = await runMetaSync(t.deps, (await connection()).id, tuning);
    expect(outcome.state).toBe('partial');
    expect(outcome.failures[0]).toContain('There have been too many calls to this ad-account');
    expect(await dailyRowsOf(t, first().id)).toEqual(before);
    expect((await connection()).lastSyncError).toContain('(#80004');
  });

  it('uses asynchronous report runs for a long backfill', async () => {
    const { tuning } = fakeClock();
    fake.state.requests.length = 0;
    await t.deps.db
      .update(adAccounts)
      .set({ lastSyncedAt: null })
      .where(eq(adAccounts.externalId, first().id));
    await t.deps.db
      .update(adConnections)
      .set({ backfillDays: 100 })
      .where(eq(adConnections.clientId, w.a.id));
    const outcome = await runMetaSync(t.deps, (await connection()).id, { ...tuning, asyncWindowDays: 60 });
    expect(outcome.state).toBe('completed');
    expect(
      fake.state.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/insights')),
    ).toHaveLength(2);
    const since = addDays(today, -99);
    const summary = await asA(SUMMARY, { from: since, to: today, currency: 'USD' });
    expect(summary.data?.adPerformanceSummary.spend).toBeCloseTo(
      fake.world.totals(first().id, since, today).spend,
      2,
    );
  });

  for (const mode of ['stuck', 'failed'] as const)
    it(`falls back to synchronous chunks when the report run is ${mode === 'stuck' ? 'stuck at 100 % "Job Running"' : '"Job Failed"'}`, async () => {
      const { tuning, waits } = fakeClock();
      fake.state.requests.length = 0;
      fake.state.asyncMode = mode;
      await t.deps.db
        .update(adAccounts)
        .set({ lastSyncedAt: null })
        .where(eq(adAccounts.externalId, first().id));
      const outcome = await runMetaSync(t.deps, (await connection()).id, { ...tuning, asyncWindowDays: 60 });
      fake.state.asyncMode = 'complete';
      expect(outcome.state).toBe('completed');
      expect((await connection()).syncMessage).toContain(mode === 'stuck' ? 'stayed at 100 %' : 'Job Failed');
      // 100 days in 7-day synchronous pieces.
      const syncCalls = fake.state.requests.filter(
        (r) => r.method === 'GET' && r.path.endsWith('/insights') && !r.params.breakdowns && !r.params.after,
      );
      expect(syncCalls.length).toBe(Math.ceil(60 / 7) + Math.ceil(40 / 7));
      if (mode === 'stuck') expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThan(30_000);
      const since = addDays(today, -99);
      const summary = await asA(SUMMARY, { from: since, to: today, currency: 'USD' });
      expect(summary.data?.adPerformanceSummary.spend).toBeCloseTo(
        fake.world.totals(first().id, since, today).spend,
        2,
      );
    });

  it('keeps the other account and the previous rows when one account answers 500 (PARTIAL)', async () => {
    await asA(SELECT, { ids: [first().id, second().id], days: 10 });
    expect((await syncEnded(t, w.sessionAdminA, w.a.id)).state).toBe('COMPLETED');
    const keptSecond = await dailyRowsOf(t, second().id);
    expect(keptSecond.n).toBeGreaterThan(0);
    const { tuning } = fakeClock();
    fake.state.failAccount(second().id);
    const outcome = await runMetaSync(t.deps, (await connection()).id, tuning);
    fake.state.reset();
    expect(outcome.state).toBe('partial');
    expect(outcome.failures).toEqual([
      expect.stringContaining(`${second().name} (${second().id}): An unknown error occurred`),
    ]);
    expect(await dailyRowsOf(t, second().id)).toEqual(keptSecond);
    const sync = (await asA(INTEGRATION)).data?.metaIntegration.connection.sync;
    expect(sync).toMatchObject({ state: 'PARTIAL', failures: outcome.failures });
  });

  it('marks the connection RECONNECT_NEEDED on a revoked token (190/460) and keeps every row', async () => {
    const before = [await dailyRowsOf(t, first().id), await dailyRowsOf(t, second().id)];
    fake.state.revokeTokens(460);
    const outcome = await runMetaSync(t.deps, (await connection()).id, fakeClock().tuning);
    expect(outcome.state).toBe('failed');
    const info = (await asA(INTEGRATION)).data?.metaIntegration.connection;
    expect(info).toMatchObject({ status: 'RECONNECT_NEEDED', sync: { state: 'FAILED' } });
    expect(info.lastSyncError).toContain('Reconnect Meta');
    expect(info.lastSyncError).toContain('#190/460');
    expect([await dailyRowsOf(t, first().id), await dailyRowsOf(t, second().id)]).toEqual(before);
    const refused = await asA('mutation { syncMetaNow { error { code message } } }');
    expect(refused.data?.syncMetaNow.error.code).toBe('CONFLICT');

    // Connecting again resumes syncing the picked accounts.
    const back = await connectThroughFake(t, fake, w.sessionAdminA, w.a.id);
    expect(back.searchParams.get('meta')).toBe('connected');
    expect((await syncEnded(t, w.sessionAdminA, w.a.id)).state).toBe('COMPLETED');
    expect((await connection()).status).toBe('connected');
  });

  it('marks an expired token (190/463) the same way', async () => {
    fake.state.revokeTokens(463);
    await runMetaSync(t.deps, (await connection()).id, fakeClock().tuning);
    expect((await connection()).status).toBe('reconnect_needed');
    expect((await connection()).lastSyncError).toContain('#190/463');
    fake.state.reset();
    await connectThroughFake(t, fake, w.sessionAdminA, w.a.id);
    await syncEnded(t, w.sessionAdminA, w.a.id);
  });

  it('disconnects keeping every synced row; members other than admins may not', async () => {
    const member = await gql(t, {
      session: w.sessionAdminB,
      clientId: w.b.id,
      query: 'mutation { disconnectMeta { error { code } } }',
    });
    expect(member.data?.disconnectMeta.error.code).toBe('NOT_FOUND');
    const before = await dailyRowsOf(t, first().id);
    const res = await asA('mutation { disconnectMeta { connection { status } error { code } } }');
    expect(res.data?.disconnectMeta).toEqual({ connection: { status: 'DISCONNECTED' }, error: null });
    expect((await connection()).tokenCiphertext).toBeNull();
    const audit = await t.deps.db
      .select({ action: auditEvents.action, label: auditEvents.targetLabel, actor: auditEvents.actorUserId })
      .from(auditEvents)
      .where(eq(auditEvents.clientId, w.a.id));
    expect(audit).toContainEqual({
      action: 'integration.connected',
      label: `Meta (${fake.user.name})`,
      actor: w.adminA.id,
    });
    expect(audit).toContainEqual({
      action: 'integration.disconnected',
      label: `Meta (${fake.user.name})`,
      actor: w.adminA.id,
    });
    expect(await dailyRowsOf(t, first().id)).toEqual(before);
    const since = addDays(today, -9);
    expect(
      (await asA(SUMMARY, { from: since, to: today, currency: 'USD' })).data?.adPerformanceSummary.spend,
    ).toBeGreaterThan(0);
  });
});
