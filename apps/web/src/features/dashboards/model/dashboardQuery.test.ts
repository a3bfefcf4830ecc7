import { describe, expect, it } from 'vitest';
import {
  comparisonRange,
  type DashboardQuery,
  dashboardSearch,
  parseDashboardQuery,
  performanceFilter,
  sharedDashboardSearch,
  withStoredDashboardSearch,
} from './dashboardQuery';

describe('the dashboard state in the URL', () => {
  const today = '2026-10-31';

  it('survives a round trip through the URL, keeping the screen’s own parameters', () => {
    const query: DashboardQuery = {
      range: { from: '2026-10-01', to: '2026-10-30' },
      comparison: { from: '2025-10-01', to: '2025-10-30' },
      accountIds: ['a1', 'a2'],
      campaignIds: ['c9'],
      currency: 'USD',
    };
    const search = dashboardSearch(query, new URLSearchParams('metric=roas&from=2020-01-01'));
    expect(search.get('metric')).toBe('roas');
    expect(search.getAll('from')).toEqual(['2026-10-01']);
    expect(search.toString()).toContain('accounts=a1%2Ca2');
    expect(parseDashboardQuery(new URLSearchParams(search.toString()), today)).toEqual(query);
  });

  it('falls back to the last 30 days and the previous period when the URL names none or nonsense', () => {
    const query = parseDashboardQuery(
      new URLSearchParams('from=2026-10-05&to=2026-02-30&compareFrom=x&accounts=,,&currency=euro'),
      today,
    );
    expect(query).toEqual({
      range: { from: '2026-10-01', to: '2026-10-30' },
      comparison: null,
      accountIds: [],
      campaignIds: [],
      currency: null,
    });
    expect(comparisonRange(query)).toEqual({ from: '2026-09-01', to: '2026-09-30' });
    expect(dashboardSearch(query).has('compareFrom')).toBe(false);
  });

  it('rejects a range that ends before it starts', () => {
    const query = parseDashboardQuery(new URLSearchParams('from=2026-10-05&to=2026-10-01'), today);
    expect(query.range).toEqual({ from: '2026-10-01', to: '2026-10-30' });
  });

  it('sends only the filters that are set', () => {
    const base = parseDashboardQuery(new URLSearchParams(), today);
    expect(performanceFilter(base)).toBeUndefined();
    expect(performanceFilter({ ...base, campaignIds: ['c1'] })).toEqual({ campaignIds: ['c1'] });
  });
});

describe('the range following the user across dashboards', () => {
  it('fills a search without a range from the one last chosen, keeping the screen’s own parameters', () => {
    const stored = sharedDashboardSearch(
      new URLSearchParams('from=2026-03-01&to=2026-03-14&campaigns=c1&metric=ROAS'),
    ).toString();
    expect(stored).toBe('from=2026-03-01&to=2026-03-14&campaigns=c1');
    const next = withStoredDashboardSearch(new URLSearchParams('breakdown=AGE'), stored);
    expect(next.toString()).toBe('breakdown=AGE&from=2026-03-01&to=2026-03-14&campaigns=c1');
  });

  it('keeps a search that names its range, and one with nothing stored', () => {
    const own = new URLSearchParams('from=2026-01-01&to=2026-01-31');
    expect(withStoredDashboardSearch(own, 'from=2026-03-01&to=2026-03-14')).toBe(own);
    const none = new URLSearchParams('grain=WEEK');
    expect(withStoredDashboardSearch(none, null)).toBe(none);
  });
});
