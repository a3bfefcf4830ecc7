import { describe, expect, it } from 'vitest';
import {
  combinable,
  DEFAULT_REPORT,
  parseViewDefinition,
  reportCsvUrl,
  reportFromSearch,
  reportParams,
  viewDefinitionJson,
} from './reportDefinition';

const definition = {
  dimensions: ['CAMPAIGN', 'DAY'] as ('CAMPAIGN' | 'DAY')[],
  metrics: ['spend', 'roas', 'video3sPlays'] as ('spend' | 'roas' | 'video3sPlays')[],
  sortBy: 'roas' as const,
  sortDesc: false,
};

describe('report definitions', () => {
  it('round-trip through a saved view’s JSON in the server’s enum spelling', () => {
    const json = viewDefinitionJson(definition);
    expect(JSON.parse(json)).toEqual({
      dimensions: ['CAMPAIGN', 'DAY'],
      metrics: ['SPEND', 'ROAS', 'VIDEO_3S_PLAYS'],
      sortBy: 'ROAS',
      sortDesc: false,
    });
    expect(parseViewDefinition(json)).toEqual(definition);
  });

  it('round-trip through the URL', () => {
    const params = new URLSearchParams(reportParams(definition));
    expect(reportFromSearch((name) => params.get(name))).toEqual(definition);
    const unsorted = new URLSearchParams(reportParams({ ...definition, sortBy: null }));
    expect(reportFromSearch((name) => unsorted.get(name)).sortBy).toBeNull();
  });

  it('fall back to the default report where a view or URL is unusable, keeping two dimensions at most', () => {
    expect(parseViewDefinition('not json')).toEqual(DEFAULT_REPORT);
    expect(parseViewDefinition('{"dimensions":["AD","AGE","DAY","NOPE"],"metrics":["X"]}')).toEqual({
      ...DEFAULT_REPORT,
      dimensions: ['AD', 'AGE'],
      sortBy: null,
    });
    expect(reportFromSearch(() => null)).toEqual(DEFAULT_REPORT);
  });

  it('never cross two breakdowns, which are stored one at a time', () => {
    expect(parseViewDefinition('{"dimensions":["AGE","COUNTRY"]}').dimensions).toEqual(['AGE']);
    expect(reportFromSearch((name) => (name === 'dims' ? 'DAY,DEVICE' : null)).dimensions).toEqual([
      'DAY',
      'DEVICE',
    ]);
    expect(combinable('CAMPAIGN', 'AGE')).toBe(true);
    expect(combinable('GENDER', 'PLACEMENT')).toBe(false);
    expect(combinable('AD', 'AD')).toBe(false);
  });

  it('export the whole report through a link carrying the range, definition and filters', () => {
    const url = reportCsvUrl(
      'c 1',
      {
        range: { from: '2026-10-01', to: '2026-10-31' },
        comparison: null,
        accountIds: ['a1'],
        campaignIds: [],
        currency: 'EUR',
      },
      definition,
    );
    const [path, search] = url.split('?');
    expect(path).toBe('/api/clients/c%201/performance/report.csv');
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      dimensions: 'CAMPAIGN,DAY',
      metrics: 'SPEND,ROAS,VIDEO_3S_PLAYS',
      sortBy: 'ROAS',
      sortDesc: 'false',
      accountIds: 'a1',
      currency: 'EUR',
    });
  });
});
