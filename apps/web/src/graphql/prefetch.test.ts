import { Client, cacheExchange, fetchExchange, gql } from 'urql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { askEarly, EARLY_ANSWER_TTL_MS, earlyAnswerExchange } from './prefetch';

const URL_A = 'http://test/api/';
const ItemQuery = gql<{ item: { id: string; name: string } }, { id: string }>`
  query Item($id: ID!) {
    item(id: $id) {
      id
      name
    }
  }
`;

/** A fetch that answers every query with the item `name-<n>`, n counting the requests; it records them. */
function countingFetch() {
  const requests: { url: string; variables: unknown }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { variables: { id: string } };
    requests.push({ url: String(url), variables: body.variables });
    const data = { item: { __typename: 'Item', id: body.variables.id, name: `name-${requests.length}` } };
    return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

function clients(fetch: typeof globalThis.fetch, url = URL_A) {
  return {
    early: new Client({ url, exchanges: [fetchExchange], fetch, preferGetMethod: false }),
    app: new Client({
      url,
      exchanges: [cacheExchange, earlyAnswerExchange(url), fetchExchange],
      fetch,
      preferGetMethod: false,
    }),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('early answers', () => {
  it('hands the answer asked for at page load to the first query of the same document and variables', async () => {
    const { fetch, requests } = countingFetch();
    const { early, app } = clients(fetch);
    askEarly(early, URL_A, ItemQuery, { id: '1' });
    const first = await app.query(ItemQuery, { id: '1' }, { requestPolicy: 'network-only' }).toPromise();
    expect(first.data?.item.name).toBe('name-1');
    expect(requests).toHaveLength(1);
    // Only once: the next query asks the server.
    const second = await app.query(ItemQuery, { id: '1' }, { requestPolicy: 'network-only' }).toPromise();
    expect(second.data?.item.name).toBe('name-2');
    expect(requests).toHaveLength(2);
  });

  it('is cached as a network answer would be', async () => {
    const { fetch, requests } = countingFetch();
    const { early, app } = clients(fetch);
    askEarly(early, URL_A, ItemQuery, { id: '1' });
    await app.query(ItemQuery, { id: '1' }).toPromise();
    const cached = await app.query(ItemQuery, { id: '1' }).toPromise();
    expect(cached.data?.item.name).toBe('name-1');
    expect(requests).toHaveLength(1);
  });

  it('is not handed to other variables or another endpoint', async () => {
    const { fetch, requests } = countingFetch();
    const { early } = clients(fetch);
    const other = clients(fetch, 'http://test/api/clients/b/').app;
    const { app } = clients(fetch);
    askEarly(early, URL_A, ItemQuery, { id: '1' });
    const otherId = await app.query(ItemQuery, { id: '2' }).toPromise();
    expect(otherId.data?.item).toMatchObject({ id: '2', name: 'name-2' });
    const otherEndpoint = await other.query(ItemQuery, { id: '1' }).toPromise();
    expect(otherEndpoint.data?.item.name).toBe('name-3');
    expect(requests.map((request) => request.url)).toEqual([URL_A, URL_A, 'http://test/api/clients/b/']);
  });

  it('goes stale: a query asked later than the time-to-live asks the server', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { fetch, requests } = countingFetch();
    const { early, app } = clients(fetch);
    askEarly(early, URL_A, ItemQuery, { id: '1' });
    vi.setSystemTime(Date.now() + EARLY_ANSWER_TTL_MS + 1);
    const late = await app.query(ItemQuery, { id: '1' }, { requestPolicy: 'network-only' }).toPromise();
    expect(late.data?.item.name).toBe('name-2');
    expect(requests).toHaveLength(2);
  });
});

describe('early answers and torn-down queries', () => {
  it('leaves the answer to the next query when the first is dropped before it came (as urql hooks do on mount)', async () => {
    const { fetch, requests } = countingFetch();
    const { early, app } = clients(fetch);
    askEarly(early, URL_A, ItemQuery, { id: '1' });
    // Asked and dropped at once, before the answer is in.
    app
      .query(ItemQuery, { id: '1' }, { requestPolicy: 'network-only' })
      .subscribe(() => {})
      .unsubscribe();
    const mounted = await app.query(ItemQuery, { id: '1' }, { requestPolicy: 'network-only' }).toPromise();
    expect(mounted.data?.item.name).toBe('name-1');
    expect(requests).toHaveLength(1);
  });
});
