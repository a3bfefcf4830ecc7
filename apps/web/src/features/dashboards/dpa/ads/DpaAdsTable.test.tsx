// @vitest-environment jsdom
import { act, useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { type Client, type Operation, Provider as UrqlProvider } from 'urql';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fromValue, never } from 'wonka';
import { AppStoreProvider } from '../../../../app/store/AppStoreProvider';
import { useAppStore } from '../../../../app/store/appStore';
import { mountInJsdom, setUpJsdomMantine } from '../../../../lib/testing/mountInJsdom';
import { type DpaAdRow, DpaAdsTable } from './DpaAdsTable';

setUpJsdomMantine();

// mantine-datatable shows a column only when its media query matches; jsdom's stand-in matches nothing.
beforeAll(() => {
  const matchMedia = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: true });
  // The Select scrolls its chosen option into view, which jsdom cannot.
  Element.prototype.scrollIntoView ??= () => undefined;
});

const ad = (id: string, name: string) => ({
  id,
  name,
  campaignName: 'Retargeting',
  adSetName: 'Cart abandoners',
  thumbnailUrl: null,
});

const rows: DpaAdRow[] = [
  {
    kind: 'CATALOG',
    feedId: null,
    feedName: null,
    products: 40,
    ad: ad('ad-1', 'DPA plain'),
    values: { spend: 300, impressions: 20_000, ctr: 0.01, cvr: 0.04, roas: 2.5, purchases: 8 },
  },
  {
    kind: 'ENHANCEMENT',
    feedId: 'feed-1',
    feedName: 'Summer sale',
    products: 35,
    ad: ad('ad-2', 'DPA framed'),
    values: { spend: 500, impressions: 30_000, ctr: 0.015, cvr: 0.05, roas: 3.2, purchases: 15 },
  },
];
const total = { spend: 800, impressions: 50_000, ctr: 0.013, cvr: 0.046, roas: 2.94, purchases: 23 };
const feeds = [
  { id: 'feed-1', name: 'Summer sale' },
  { id: 'feed-2', name: 'Winter coats' },
];

let mutations: unknown[] = [];
let mutationAnswer: object = {};
const fakeClient = {
  suspense: false,
  executeQuery: () => never,
  executeMutation: (operation: Operation) => {
    mutations.push(operation.variables);
    return fromValue({ operation, data: mutationAnswer, stale: false, hasNext: false });
  },
  executeSubscription: () => never,
} as unknown as Client;

let notifications: readonly { message: string; kind: string }[] = [];
function NotificationProbe() {
  const shown = useAppStore().notifications;
  useEffect(() => {
    notifications = shown;
  }, [shown]);
  return null;
}

let saved = 0;
function render(withFeeds: boolean, shown: DpaAdRow[] = rows) {
  const host = mountInJsdom(
    <AppStoreProvider>
      <UrqlProvider value={fakeClient}>
        <MemoryRouter>
          <DpaAdsTable
            title="Catalogue ads"
            rows={shown}
            total={total}
            currency="EUR"
            feeds={withFeeds ? feeds : null}
            onFeedSaved={() => (saved += 1)}
            fileName="dpa-ads.csv"
          />
          <NotificationProbe />
        </MemoryRouter>
      </UrqlProvider>
    </AppStoreProvider>,
  );
  const cells = (tr: Element | null | undefined) =>
    [...(tr?.querySelectorAll('td, th') ?? [])].map((cell) => cell.textContent?.trim());
  return { host, cells };
}

/** Opens a Select and picks the option with this label. */
async function choose(input: HTMLInputElement, label: string) {
  act(() => input.click());
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
  const option = [...(listbox?.querySelectorAll('[role="option"]') ?? [])].find(
    (o) => o.textContent === label,
  );
  if (!option) throw new Error(`no option ${label}`);
  await act(async () => (option as HTMLElement).click());
}

beforeEach(() => {
  mutations = [];
  saved = 0;
});

describe('the catalogue ads table', () => {
  it('shows each ad’s kind, feed and products, and the totals of every metric', () => {
    const { host, cells } = render(false);
    const [first, second] = [...host.querySelectorAll('tbody tr')];
    expect(cells(first)).toEqual(
      expect.arrayContaining(['Adloom creatives', 'Summer sale', '35', '€500.00', '30,000', '1.5%', '3.20×']),
    );
    expect(cells(second)).toEqual(expect.arrayContaining(['Catalogue image', '–', '40']));
    expect(cells(host.querySelector('tfoot tr'))).toEqual([
      'Total (2 ads)',
      '',
      '',
      '',
      '€800.00',
      '50,000',
      '1.3%',
      '4.6%',
      '2.94×',
      '23',
    ]);
  });

  it('saves which feed’s creatives an ad shows, and says so', async () => {
    mutationAnswer = { setCatalogAdFeed: { adId: 'ad-1', feedId: 'feed-2', error: null } };
    const { host } = render(true);
    const select = host.querySelector<HTMLInputElement>('input[aria-label="What DPA plain shows"]');
    expect(select?.value).toBe('Catalogue image');
    await choose(select as HTMLInputElement, 'Adloom creatives of Winter coats');
    expect(mutations).toEqual([{ adId: 'ad-1', feedId: 'feed-2' }]);
    expect(notifications.at(-1)).toMatchObject({
      kind: 'success',
      message: '“DPA plain” shows: Adloom creatives of Winter coats.',
    });
    expect(saved).toBe(1);
  });

  it('says when it was not saved, and shows what the ad showed before', async () => {
    mutationAnswer = {
      setCatalogAdFeed: { adId: null, feedId: null, error: { code: 'NOT_FOUND', message: 'No such feed.' } },
    };
    const { host } = render(true);
    const select = host.querySelector<HTMLInputElement>('input[aria-label="What DPA framed shows"]');
    expect(select?.value).toBe('Adloom creatives of Summer sale');
    await choose(select as HTMLInputElement, 'Catalogue image');
    expect(mutations).toEqual([{ adId: 'ad-2', feedId: null }]);
    expect(notifications.at(-1)).toMatchObject({
      kind: 'error',
      message: 'What “DPA framed” shows was not saved: No such feed.',
    });
    expect(select?.value).toBe('Adloom creatives of Summer sale');
    expect(saved).toBe(0);
  });

  it('says an ad made from a template without a feed shows Adloom creatives, and can set it to the catalogue image', async () => {
    mutationAnswer = { setCatalogAdFeed: { adId: 'ad-3', feedId: null, error: null } };
    const fromTemplate: DpaAdRow = {
      ...(rows[1] as DpaAdRow),
      feedId: null,
      feedName: null,
      ad: ad('ad-3', 'DPA template'),
    };
    const { host } = render(true, [fromTemplate]);
    const select = host.querySelector<HTMLInputElement>('input[aria-label="What DPA template shows"]');
    expect(select?.value).toBe('Adloom creatives of its template');
    await choose(select as HTMLInputElement, 'Catalogue image');
    expect(mutations).toEqual([{ adId: 'ad-3', feedId: null }]);
  });
});
