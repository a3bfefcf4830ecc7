import { describe, expect, it } from 'vitest';
import { createFakeMeta } from '@adloom/fakes';
import { GraphClient } from './graph-client.js';
import { GraphApiError, errorKind, regainAfterMs, usagePercent } from './graph-errors.js';

function clientOf(responses: (() => Response)[]) {
  const waits: number[] = [];
  let calls = 0;
  const client = new GraphClient({
    graphUrl: 'http://graph.test',
    apiVersion: 'v23.0',
    accessToken: 'T',
    baseDelayMs: 100,
    maxDelayMs: 120_000,
    fetch: (async () => responses[Math.min(calls++, responses.length - 1)]!()) as typeof fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { client, waits, calls: () => calls };
}

const error =
  (status: number, body: object, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify({ error: body }), { status, headers });
const ok =
  (body: object, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { headers });

describe('GraphClient', () => {
  it('backs off exponentially on rate limits, as long as Meta says when it says longer', async () => {
    const usage = JSON.stringify({ '123': [{ type: 'ads_insights', estimated_time_to_regain_access: 1 }] });
    const { client, waits } = clientOf([
      error(400, { code: 17, message: 'User request limit reached' }),
      error(400, { code: 613, message: 'Calls to this api have exceeded the rate limit.' }),
      error(400, { code: 80004, message: 'too many calls' }, { 'x-business-use-case-usage': usage }),
      ok({ id: '1' }),
    ]);
    expect(await client.get('me')).toEqual({ id: '1' });
    expect(waits).toEqual([100, 200, 60_000]);
  });

  it('gives up at once when Meta asks for longer than the longest wait', async () => {
    const usage = JSON.stringify({ '123': [{ estimated_time_to_regain_access: 30 }] });
    const { client, waits } = clientOf([
      error(400, { code: 80004, message: 'too many' }, { 'x-business-use-case-usage': usage }),
    ]);
    await expect(client.get('me')).rejects.toMatchObject({ kind: 'rate_limit', regainAfterMs: 1_800_000 });
    expect(waits).toEqual([]);
  });

  it('throws token errors at once and retries transient ones twice', async () => {
    const token = clientOf([error(400, { code: 190, error_subcode: 463, message: 'Session has expired' })]);
    await expect(token.client.get('me')).rejects.toMatchObject({
      kind: 'token',
      message: 'Session has expired (#190/463)',
    });
    expect(token.calls()).toBe(1);
    const transient = clientOf([error(500, { code: 1, message: 'An unknown error occurred' })]);
    await expect(transient.client.get('me')).rejects.toBeInstanceOf(GraphApiError);
    expect(transient.waits).toEqual([100, 200]);
    expect(transient.calls()).toBe(3);
  });

  it('waits before the next call when a usage header passes 90 %', async () => {
    const { client, waits } = clientOf([
      ok({ a: 1 }, { 'x-app-usage': JSON.stringify({ call_count: 95, total_time: 10, total_cputime: 10 }) }),
      ok({ a: 2 }),
    ]);
    await client.get('a');
    await client.get('b');
    expect(waits).toEqual([100]);
  });

  it('follows paging.next through every page of the fake', async () => {
    const fake = createFakeMeta({ lastDay: '2026-03-31', pageSize: 2 });
    const dialog = fake.handle({
      method: 'GET',
      url: `/v23.0/dialog/oauth?client_id=${fake.appId}&redirect_uri=http://x/`,
      headers: {},
    });
    const code = new URL(dialog.headers.location!).searchParams.get('code')!;
    const token = JSON.parse(
      fake.handle({
        method: 'GET',
        url: `/v23.0/oauth/access_token?client_id=${fake.appId}&client_secret=${fake.appSecret}&redirect_uri=http://x/&code=${encodeURIComponent(code)}`,
        headers: {},
      }).body,
    ).access_token as string;
    const client = new GraphClient({
      graphUrl: 'http://fake.test',
      apiVersion: 'v23.0',
      accessToken: token,
      fetch: fake.fetch,
    });
    const ads = await client.all<{ id: string }>(`${fake.world.accounts[0]!.id}/ads`, { fields: 'id' });
    expect(ads.map((a) => a.id)).toEqual(fake.world.ads(fake.world.accounts[0]!.id).map((a) => a.id));
  });
});

describe('Graph API errors', () => {
  it('classifies codes as Meta documents them', () => {
    expect(errorKind(400, { code: 190 })).toBe('token');
    expect(errorKind(400, { code: 102 })).toBe('token');
    expect(errorKind(400, { code: 4 })).toBe('rate_limit');
    expect(errorKind(400, { code: 80004 })).toBe('rate_limit');
    expect(errorKind(500, { code: 1 })).toBe('transient');
    expect(errorKind(400, { code: 100 })).toBe('other');
  });

  it('reads the usage headers', () => {
    expect(
      regainAfterMs(
        '{"1":[{"estimated_time_to_regain_access":3}],"2":[{"estimated_time_to_regain_access":1}]}',
      ),
    ).toBe(180_000);
    expect(regainAfterMs('not json')).toBeUndefined();
    const headers = new Headers({
      'x-fb-ads-insights-throttle': '{"app_id_util_pct":12.5,"acc_id_util_pct":91}',
    });
    expect(usagePercent(headers)).toBe(91);
  });
});
