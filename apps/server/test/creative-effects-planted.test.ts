// Issue 19, item 5: the effects planted in the demo data set and in the fake Graph API are found by the
// analyses a marketer reads, through the same GraphQL queries the pages ask, and the effects that were not
// planted are not called significant.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PLANTED_DARK_CTR, startFakeMeta, type StartedFakeMeta } from '@adloom/fakes';
import { demoToday } from '../src/modules/performance/index.js';
import { demoWindow } from '../src/modules/performance/demo/ensure.js';
import {
  ENHANCEMENT_TEMPLATES,
  NULL_FEATURE,
  PLANTED_FEATURE,
  PLANTED_FEATURE_CTR,
} from '../src/modules/performance/demo/plan.js';
import { addDays } from '../src/modules/performance/scope.js';
import { extractClientFeatures } from '../src/modules/performance/creative-features/extract/index.js';
import { seedTemplateLibrary } from '../src/modules/templates/library/seed.js';
import { STARTER_TEMPLATES } from '../src/modules/templates/library/starter-templates.js';
import { startRegisteredWorkers } from '../src/jobs/registry.js';
import { connectThroughFake, syncEnded } from './performance/meta-world.js';
import {
  createTestApp,
  describeEachDatabase,
  gql,
  makeClient,
  makeUser,
  signIn,
  PASSWORD,
  type Session,
  type TestApp,
} from './harness.js';

const FEATURES = `query($from: Date!, $to: Date!) {
  creativeFeatures(from: $from, to: $to, metric: CTR) {
    adsAnalysed
    features { feature { id } adsWith lift liftLow liftHigh significant }
  }
}`;
const LIFT = `query($from: Date!, $to: Date!) {
  enhancementLift(from: $from, to: $to) { itemsCompared metrics { metric lift low high significant } }
  enhancementLiftByTemplate(from: $from, to: $to) {
    templateName overall { itemsCompared metrics { metric lift low high significant } }
  }
}`;

interface Effect {
  feature: { id: string };
  adsWith: number;
  lift: number | null;
  liftLow: number | null;
  liftHigh: number | null;
  significant: boolean;
}
interface LiftMetric {
  metric: string;
  lift: number | null;
  low: number | null;
  high: number | null;
  significant: boolean;
}

const nameOf = (starterKey: string) => STARTER_TEMPLATES.find((s) => s.key === starterKey)!.name;

describeEachDatabase('planted creative effects on %s', (kind) => {
  let t: TestApp;
  let fake: StartedFakeMeta;

  beforeAll(async () => {
    // One account of 72 ads (48 with a picture), whose pictures the fake serves on loopback (its CDN).
    const cdn = { base: '' };
    fake = await startFakeMeta({
      accounts: 1,
      adsPerAdSet: 12,
      historyDays: 120,
      creativeUrl: ({ id }) => `${cdn.base}/cdn/${id}.svg`,
    });
    cdn.base = fake.url;
    t = await createTestApp(
      kind,
      {
        META_APP_ID: fake.appId,
        META_APP_SECRET: fake.appSecret,
        META_GRAPH_URL: fake.url,
        META_DIALOG_URL: fake.url,
        META_API_VERSION: 'v23.0',
        FETCH_ALLOW_HOSTS: '127.0.0.1',
      },
      undefined,
      { jobs: 'in-process' },
    );
    await startRegisteredWorkers(t.deps, { only: ['meta-sync'] });
    // The demo's image ads show the library's starters: their versions give the exact template features.
    await seedTemplateLibrary(t.deps);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function demoUser(): Promise<{ session: Session; clientId: string }> {
    const client = await makeClient(t);
    const user = await makeUser(t, { clientId: client.id, isAdmin: true });
    const session = await signIn(t, user.email, PASSWORD);
    const on = await gql(t, {
      session,
      query: 'mutation { setDemoMode(enabled: true) { user { demoMode } error { message } } }',
    });
    expect(on.data?.setDemoMode.user.demoMode).toBe(true);
    // The run the build asked for, done here rather than waited for.
    await extractClientFeatures(t.deps, client.id);
    return { session, clientId: client.id };
  }

  it('demo data: the price delta (+30 % CTR) is found with an interval above 0, dynamic colour is not called', async () => {
    const { session, clientId } = await demoUser();
    const { last } = demoWindow(demoToday());
    const from = addDays(last, -89);
    const res = await gql(t, { session, clientId, query: FEATURES, variables: { from, to: last } });
    expect(res.errors).toBeUndefined();
    const effects = res.data!.creativeFeatures.features as Effect[];
    const planted = effects.find((e) => e.feature.id === PLANTED_FEATURE)!;
    expect(planted.significant).toBe(true);
    expect(planted.liftLow!).toBeGreaterThan(0);
    expect(planted.lift!).toBeGreaterThan(PLANTED_FEATURE_CTR - 1 - 0.12);
    expect(planted.lift!).toBeLessThan(PLANTED_FEATURE_CTR - 1 + 0.12);
    const unplanted = effects.find((e) => e.feature.id === NULL_FEATURE)!;
    expect(unplanted.adsWith).toBeGreaterThan(3);
    expect(unplanted.significant).toBe(false);
    expect(unplanted.liftLow!).toBeLessThan(0);
    expect(unplanted.liftHigh!).toBeGreaterThan(0);
  }, 180_000);

  it('demo data: Adloom creatives beat the catalogue image on CTR through the lifted template, not the flat one', async () => {
    const { session, clientId } = await demoUser();
    const { last } = demoWindow(demoToday());
    const res = await gql(t, {
      session,
      clientId,
      query: LIFT,
      variables: { from: addDays(last, -89), to: last },
    });
    expect(res.errors).toBeUndefined();
    const overall = res.data!.enhancementLift as { itemsCompared: number; metrics: LiftMetric[] };
    expect(overall.itemsCompared).toBeGreaterThan(10);
    const ctr = overall.metrics.find((m) => m.metric === 'CTR')!;
    expect(ctr.significant).toBe(true);
    expect(ctr.low!).toBeGreaterThan(0);
    const byTemplate = res.data!.enhancementLiftByTemplate as {
      templateName: string;
      overall: { metrics: LiftMetric[] };
    }[];
    const ctrOf = (key: string) =>
      byTemplate
        .find((r) => r.templateName === nameOf(key))!
        .overall.metrics.find((m) => m.metric === 'CTR')!;
    const lifted = ctrOf(ENHANCEMENT_TEMPLATES.lifted.starterKey);
    expect(lifted.significant).toBe(true);
    expect(lifted.lift!).toBeGreaterThan(ENHANCEMENT_TEMPLATES.lifted.ctr - 1 - 0.1);
    expect(lifted.lift!).toBeLessThan(ENHANCEMENT_TEMPLATES.lifted.ctr - 1 + 0.1);
    const flat = ctrOf(ENHANCEMENT_TEMPLATES.flat.starterKey);
    expect(Math.abs(flat.lift!)).toBeLessThan(0.08);
  }, 180_000);

  it('fake Graph API: dark pictures (+30 % CTR) are found from the image alone', async () => {
    const client = await makeClient(t);
    const user = await makeUser(t, { clientId: client.id, isAdmin: true });
    const session = await signIn(t, user.email, PASSWORD);
    await connectThroughFake(t, fake, session, client.id);
    const selected = await gql(t, {
      session,
      clientId: client.id,
      query: `mutation($ids: [String!]!) { selectMetaAdAccounts(externalIds: $ids, backfillDays: 90) {
        error { message } } }`,
      variables: { ids: [fake.world.accounts[0]!.id] },
    });
    expect(selected.data?.selectMetaAdAccounts.error).toBeNull();
    expect((await syncEnded(t, session, client.id)).state).toBe('COMPLETED');
    // Video thumbnails point at a CDN host that does not exist here: those fail, and say so.
    const videos = fake.world.ads(fake.world.accounts[0]!.id).filter((a) => a.kind === 'video');
    const run = await extractClientFeatures(t.deps, client.id);
    expect(run.failed).toBe(videos.length);

    const to = fake.world.lastDayString();
    const res = await gql(t, {
      session,
      clientId: client.id,
      query: FEATURES,
      variables: { from: addDays(to, -89), to },
    });
    expect(res.errors).toBeUndefined();
    const effects = res.data!.creativeFeatures.features as Effect[];
    const dark = effects.find((e) => e.feature.id === 'dark')!;
    const darkAds = fake.world
      .ads(fake.world.accounts[0]!.id)
      .filter((a) => a.kind !== 'video' && a.look.dark);
    // Every dark picture is read as dark, from its pixels alone.
    expect(dark.adsWith).toBe(darkAds.length);
    expect(dark.significant).toBe(true);
    expect(dark.liftLow!).toBeGreaterThan(0);
    expect(dark.lift!).toBeGreaterThan(PLANTED_DARK_CTR - 1 - 0.12);
    expect(dark.lift!).toBeLessThan(PLANTED_DARK_CTR - 1 + 0.12);
  }, 180_000);
});
