import { describe, expect, it } from 'vitest';
import { breakdownValueOf, metricsOf } from './insight-rows.js';
import { planChunks, splitRange } from './chunks.js';
import { syncRange } from './sync-range.js';

describe('insight rows', () => {
  it('reads purchases once (purchase, else the pixel’s own type), 3-second plays and ThruPlays', () => {
    const m = metricsOf({
      date_start: '2026-03-01',
      date_stop: '2026-03-01',
      spend: '12.34',
      impressions: '1000',
      reach: '800',
      clicks: '30',
      inline_link_clicks: '20',
      actions: [
        { action_type: 'purchase', value: '3' },
        { action_type: 'offsite_conversion.fb_pixel_purchase', value: '3' },
        { action_type: 'offsite_conversion.fb_pixel_add_to_cart', value: '7' },
        { action_type: 'video_view', value: '400' },
      ],
      action_values: [{ action_type: 'offsite_conversion.fb_pixel_purchase', value: '150.5' }],
      video_thruplay_watched_actions: [{ action_type: 'video_view', value: '90' }],
    });
    expect(m).toEqual({
      spend: 12.34,
      impressions: 1000,
      reach: 800,
      clicks: 30,
      linkClicks: 20,
      purchases: 3,
      purchaseValue: 150.5,
      addToCart: 7,
      video3sPlays: 400,
      thruplays: 90,
    });
    expect(metricsOf({ date_start: 'x', date_stop: 'x', spend: '1' })).toMatchObject({
      purchases: 0,
      video3sPlays: null,
      thruplays: null,
    });
  });

  it('names breakdown values as Adloom stores them', () => {
    const row = {
      date_start: 'x',
      date_stop: 'x',
      publisher_platform: 'instagram',
      platform_position: 'instagram_stories',
      impression_device: 'iphone',
      age: '25-34',
    };
    expect(breakdownValueOf('placement', row)).toBe('instagram · instagram_stories');
    expect(breakdownValueOf('device', row)).toBe('iphone');
    expect(breakdownValueOf('age', row)).toBe('25-34');
    expect(breakdownValueOf('country', row)).toBeNull();
  });
});

describe('sync ranges and chunks', () => {
  it('fetches up to 31 days synchronously and longer ranges in async windows', () => {
    expect(planChunks({ since: '2026-03-01', until: '2026-03-31' })).toEqual([
      { since: '2026-03-01', until: '2026-03-31', mode: 'sync' },
    ]);
    expect(
      planChunks({ since: '2026-01-01', until: '2026-04-30' }).map((c) => [c.since, c.until, c.mode]),
    ).toEqual([
      ['2026-01-01', '2026-03-31', 'async'],
      ['2026-04-01', '2026-04-30', 'async'],
    ]);
    expect(splitRange({ since: '2026-03-01', until: '2026-03-10' }, 7)).toEqual([
      { since: '2026-03-01', until: '2026-03-07' },
      { since: '2026-03-08', until: '2026-03-10' },
    ]);
  });

  it('backfills N days the first time, then the days since the last sync and 3 restated ones', () => {
    const now = new Date('2026-03-31T15:00:00Z');
    expect(syncRange({ timeZone: 'UTC', lastSyncedAt: null }, 30, 3, now)).toEqual({
      since: '2026-03-02',
      until: '2026-03-31',
    });
    expect(
      syncRange({ timeZone: 'UTC', lastSyncedAt: new Date('2026-03-25T01:00:00Z') }, 30, 3, now),
    ).toEqual({
      since: '2026-03-22',
      until: '2026-03-31',
    });
    // The account's own calendar: 02:00 UTC is still the day before in New York.
    expect(
      syncRange({ timeZone: 'America/New_York', lastSyncedAt: null }, 1, 3, new Date('2026-04-01T02:00:00Z')),
    ).toEqual({
      since: '2026-03-31',
      until: '2026-03-31',
    });
  });
});
