import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchmarkMetaOptions, startFakeMeta, type StartedFakeMeta } from './server.js';
import { createFakeMeta } from './fake-meta.js';
import { PLANTED_DARK_CTR } from './world.js';

const V = '/v23.0';

describe('fake Graph API', () => {
  let fake: StartedFakeMeta;
  let token: string;
  const get = async (path: string, params: Record<string, string> = {}) => {
    const url = new URL(`${fake.url}${V}/${path}`);
    for (const [k, v] of Object.entries({ access_token: token, ...params })) url.searchParams.set(k, v);
    const res = await fetch(url);
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
  };

  beforeAll(async () => {
    fake = await startFakeMeta({ lastDay: '2026-03-31', historyDays: 120 });
    const redirectUri = 'http://app.test/integrations/meta/callback';
    const dialog = await fetch(
      `${fake.url}${V}/dialog/oauth?client_id=${fake.appId}&redirect_uri=${encodeURIComponent(redirectUri)}&state=s1&scope=ads_read`,
      { redirect: 'manual' },
    );
    expect(dialog.status).toBe(302);
    const back = new URL(dialog.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('s1');
    const code = back.searchParams.get('code')!;
    const short = await fetch(
      `${fake.url}${V}/oauth/access_token?client_id=${fake.appId}&client_secret=${fake.appSecret}&redirect_uri=${encodeURIComponent(redirectUri)}&code=${code}`,
    ).then((r) => r.json() as Promise<{ access_token: string; expires_in: number }>);
    expect(short.expires_in).toBe(7200);
    const long = await fetch(
      `${fake.url}${V}/oauth/access_token?grant_type=fb_exchange_token&client_id=${fake.appId}&client_secret=${fake.appSecret}&fb_exchange_token=${short.access_token}`,
    ).then((r) => r.json() as Promise<{ access_token: string; expires_in: number }>);
    expect(long.expires_in).toBeGreaterThan(50 * 86400);
    token = long.access_token;
  });
  afterAll(() => fake.close());

  it("serves an image ad's image_hash, and only the creative sub-fields asked for", async () => {
    const account = fake.world.accounts[0]!.id;
    const all = fake.world.ads(account);
    const page = await get(`${account}/ads`, { fields: 'id,creative{id,image_hash}', limit: '200' });
    const byId = new Map(
      (page.body.data as { id: string; creative: Record<string, unknown> }[]).map((a) => [a.id, a]),
    );
    const image = all.find((ad) => ad.kind === 'image')!;
    const video = all.find((ad) => ad.kind === 'video')!;
    expect(byId.get(image.id)!.creative).toEqual({
      id: image.creative.id,
      image_hash: image.creative.imageHash,
    });
    expect(image.creative.imageHash).toMatch(/^[0-9a-f]{32}$/);
    expect(byId.get(video.id)!.creative).toEqual({ id: video.creative.id });
    // Without sub-fields, the creative comes whole, its story spec's link data carrying the hash too.
    const whole = await get(`${account}/ads`, { fields: 'id,creative', limit: '200' });
    const creative = (whole.body.data as { id: string; creative: Record<string, any> }[]).find(
      (a) => a.id === image.id,
    )!.creative;
    expect(creative.image_url).toBe(image.creative.imageUrl);
    expect(creative.object_story_spec.link_data.image_hash).toBe(image.creative.imageHash);
  });

  it('takes the image hash of a test-given creative', () => {
    const md5 = 'a'.repeat(32);
    const world = createFakeMeta({
      lastDay: '2026-03-31',
      historyDays: 30,
      creativeImageHash: ({ accountIndex, index }) => (accountIndex === 0 && index === 0 ? md5 : undefined),
    }).world;
    const [first, other] = world.ads(world.accounts[0]!.id).filter((ad) => ad.kind === 'image');
    expect(first!.index).toBe(0);
    expect(first!.creative.imageHash).toBe(md5);
    expect(other!.creative.imageHash).toMatch(/^[0-9a-f]{32}$/);
    expect(other!.creative.imageHash).not.toBe(md5);
  });

  it('refuses a used code and a wrong secret', async () => {
    const r = await fetch(
      `${fake.url}${V}/oauth/access_token?client_id=${fake.appId}&client_secret=nope&code=x`,
    );
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { code: number } }).error.code).toBe(1);
  });

  it('answers /me and pages /me/adaccounts with cursors and next', async () => {
    expect((await get('me', { fields: 'id,name' })).body).toEqual({ id: fake.user.id, name: fake.user.name });
    const first = await get('me/adaccounts', {
      fields: 'id,name,currency,timezone_name,account_status',
      limit: '1',
    });
    expect(first.body.data).toHaveLength(1);
    expect(first.body.data[0]).toMatchObject({ id: expect.stringMatching(/^act_\d+$/), currency: 'USD' });
    const next = await fetch(first.body.paging.next).then((r) => r.json() as Promise<Record<string, any>>);
    expect(next.data[0].currency).toBe('EUR');
    expect(next.paging.next).toBeUndefined();
  });

  it('serves daily ad insights whose breakdown rows sum to the daily rows', async () => {
    const account = fake.world.accounts[0]!.id;
    const params = {
      level: 'ad',
      time_increment: '1',
      time_range: JSON.stringify({ since: '2026-03-01', until: '2026-03-02' }),
      fields: 'ad_id,spend,impressions,actions',
      limit: '1000',
    };
    const daily = await get(`${account}/insights`, params);
    const byAge = await get(`${account}/insights`, { ...params, breakdowns: 'age' });
    const sum = (rows: Record<string, string>[], f: string) =>
      rows.reduce((s, r) => s + Number(r[f] ?? 0), 0);
    expect(daily.body.data.length).toBeGreaterThan(0);
    expect(sum(byAge.body.data, 'impressions')).toBe(sum(daily.body.data, 'impressions'));
    expect(sum(byAge.body.data, 'spend')).toBeCloseTo(sum(daily.body.data, 'spend'), 6);
    expect(byAge.body.data[0].age).toBe('18-24');
    const totals = fake.world.totals(account, '2026-03-01', '2026-03-02');
    expect(sum(daily.body.data, 'spend')).toBeCloseTo(totals.spend, 6);
  });

  it('runs async reports, and can be stuck at 100 % or fail', async () => {
    const account = fake.world.accounts[0]!.id;
    const post = await fetch(
      `${fake.url}${V}/${account}/insights?access_token=${token}&level=ad&time_increment=1`,
      { method: 'POST' },
    );
    const { report_run_id: id } = (await post.json()) as { report_run_id: string };
    expect((await get(id)).body.async_status).toBe('Job Not Started');
    expect((await get(id)).body).toMatchObject({
      async_status: 'Job Completed',
      async_percent_completion: 100,
    });
    expect((await get(`${id}/insights`)).body.data.length).toBeGreaterThan(0);
    fake.state.asyncMode = 'stuck';
    await get(id);
    expect((await get(id)).body).toMatchObject({
      async_status: 'Job Running',
      async_percent_completion: 100,
    });
    fake.state.asyncMode = 'failed';
    expect((await get(id)).body.async_status).toBe('Job Failed');
    fake.state.reset();
  });

  it('answers the scripted failures with Graph error bodies', async () => {
    const account = fake.world.accounts[0]!;
    fake.state.rateLimit(80004, { regainMinutes: 3 });
    const limited = await get(`${account.id}/insights`);
    expect(limited.body.error).toMatchObject({
      code: 80004,
      type: 'OAuthException',
      fbtrace_id: expect.any(String),
    });
    expect(
      JSON.parse(limited.headers.get('x-business-use-case-usage')!)[account.accountId][0]
        .estimated_time_to_regain_access,
    ).toBe(3);
    expect((await get(`${account.id}/insights`)).status).toBe(200);
    fake.state.failAccount(account.id);
    expect((await get(`${account.id}/ads`)).status).toBe(500);
    fake.state.reset();
    fake.state.revokeTokens(460);
    expect((await get('me')).body.error).toMatchObject({ code: 190, error_subcode: 460 });
    fake.state.reset();
  });

  it('serves a year of 500 ads quickly, page by page', () => {
    const bench = createFakeMeta(benchmarkMetaOptions('2026-03-31'));
    const account = bench.world.accounts[0]!.id;
    const token = bench.handle({
      method: 'GET',
      url: `${V}/dialog/oauth?client_id=fake-app-id&redirect_uri=http://x/`,
      headers: {},
    });
    expect(token.status).toBe(302);
    expect(bench.world.ads(account)).toHaveLength(500);
    const started = performance.now();
    let rows = 0;
    const range = JSON.stringify({ since: '2025-04-01', until: '2026-03-31' });
    let after = '';
    const code = new URL(token.headers.location!).searchParams.get('code')!;
    const short = JSON.parse(
      bench.handle({
        method: 'GET',
        url: `${V}/oauth/access_token?client_id=fake-app-id&client_secret=fake-app-secret&redirect_uri=http://x/&code=${code}`,
        headers: {},
      }).body,
    ) as { access_token: string };
    for (;;) {
      const res = bench.handle({
        method: 'GET',
        url: `${V}/${account}/insights?access_token=${short.access_token}&level=ad&time_increment=1&limit=5000&fields=ad_id,spend,impressions,actions,action_values&time_range=${encodeURIComponent(range)}${after ? `&after=${after}` : ''}`,
        headers: { host: 'x' },
      });
      const body = JSON.parse(res.body) as {
        data: unknown[];
        paging: { next?: string; cursors: { after: string } };
      };
      rows += body.data.length;
      if (!body.paging.next) break;
      after = body.paging.cursors.after;
    }
    expect(rows).toBeGreaterThan(100_000);
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});

describe('the fake CDN', () => {
  it('serves the creative images of a mounted fake from its own origin, so an offline page can show them', async () => {
    const fake = createFakeMeta({
      basePath: '/_sandbox/meta',
      publicUrl: 'http://adloom.test/_sandbox/meta',
      lastDay: '2026-03-31',
      historyDays: 30,
    });
    const image = fake.world.ads(fake.world.accounts[0]!.id).find((ad) => ad.kind === 'image')!;
    expect(image.creative.imageUrl).toBe(`http://adloom.test/_sandbox/meta/cdn/${image.id}.svg`);
    const video = fake.world.ads(fake.world.accounts[0]!.id).find((ad) => ad.kind === 'video')!;
    expect(video.creative.thumbnailUrl).toBe(`http://adloom.test/_sandbox/meta/cdn/${video.id}-thumb.svg`);
    const answer = fake.handle({ method: 'GET', url: `/_sandbox/meta/cdn/${image.id}.svg`, headers: {} });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/svg+xml');
    expect(answer.body).toContain(`image ad ${image.index + 1}`);
    expect(fake.handle({ method: 'GET', url: '/_sandbox/meta/cdn/123.svg', headers: {} }).status).toBe(404);
  });

  it('draws dark pictures for the ads whose CTR carries the planted effect, and light ones for the rest', () => {
    const fake = createFakeMeta({ lastDay: '2026-03-31', historyDays: 60, adsPerAdSet: 20 });
    const ads = fake.world.ads(fake.world.accounts[0]!.id).filter((ad) => ad.kind !== 'video');
    const ctr = (dark: boolean) => {
      let clicks = 0;
      let impressions = 0;
      for (const ad of ads.filter((a) => a.look.dark === dark))
        for (let d = fake.world.firstDay; d <= fake.world.lastDay; d++) {
          const m = fake.world.metrics(ad, d);
          clicks += m?.clicks ?? 0;
          impressions += m?.impressions ?? 0;
        }
      return clicks / impressions;
    };
    expect(ads.filter((a) => a.look.dark).length).toBeGreaterThan(ads.length / 4);
    expect(ads.filter((a) => !a.look.dark).length).toBeGreaterThan(ads.length / 4);
    expect(ctr(true) / ctr(false)).toBeGreaterThan(PLANTED_DARK_CTR - 0.1);
    expect(ctr(true) / ctr(false)).toBeLessThan(PLANTED_DARK_CTR + 0.1);
    const dark = ads.find((a) => a.look.dark)!;
    const light = ads.find((a) => !a.look.dark)!;
    const body = (id: string) =>
      String(fake.handle({ method: 'GET', url: `/cdn/${id}.svg`, headers: {} }).body);
    expect(body(dark.id)).toContain(`hsl(${dark.look.hue} 35% 12%)`);
    expect(body(light.id)).toContain(`hsl(${light.look.hue} 55% 82%)`);
  });
});
