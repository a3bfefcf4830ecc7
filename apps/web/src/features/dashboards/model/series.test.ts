import { describe, expect, it } from 'vitest';
import { performanceChart, type SeriesLike, sparklineData } from './series';

const point = (day: string, spend: number, roas: number | null) => ({
  day,
  values: { spend, roas, purchaseValue: roas == null ? 0 : spend * roas },
});

const total: SeriesLike = {
  key: 'total',
  label: 'Total',
  points: [point('2026-10-01', 10, 2), point('2026-10-02', 20, null)],
};
const campaign: SeriesLike = {
  key: 'c1',
  label: 'Summer',
  points: [point('2026-10-01', 4, 1), point('2026-10-02', 5, 2)],
};
const previous: SeriesLike = { key: 'total', label: 'Total', points: [point('2026-09-29', 8, 1.5)] };

describe('the performance chart', () => {
  it('draws each metric and its comparison dashed, aligned by bucket, a second unit on the right axis', () => {
    const chart = performanceChart([total, campaign], [previous], ['spend', 'roas'], false);
    expect(chart.rows).toEqual([
      { day: '2026-10-01', spend: 10, 'prev:spend': 8, roas: 2, 'prev:roas': 1.5 },
      { day: '2026-10-02', spend: 20, 'prev:spend': null, roas: null, 'prev:roas': null },
    ]);
    expect(chart.series.map((s) => [s.name, s.yAxisId, s.strokeDasharray])).toEqual([
      ['spend', undefined, undefined],
      ['prev:spend', undefined, '5 5'],
      ['roas', 'right', undefined],
      ['prev:roas', 'right', '5 5'],
    ]);
  });

  it('draws one line per campaign for the first metric when split', () => {
    const chart = performanceChart([total, campaign], [previous], ['roas'], true);
    expect(chart.series).toEqual([{ name: 'c:c1', label: 'Summer', color: 'blue.6' }]);
    expect(chart.rows).toEqual([
      { day: '2026-10-01', 'c:c1': 1 },
      { day: '2026-10-02', 'c:c1': 2 },
    ]);
  });

  it('draws nothing without data, and sparklines keep missing days at zero', () => {
    expect(performanceChart([], [], ['spend'], false)).toEqual({ rows: [], series: [] });
    expect(sparklineData(total, 'roas')).toEqual([2, 0]);
  });
});
