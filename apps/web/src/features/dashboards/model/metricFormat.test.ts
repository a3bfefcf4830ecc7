import { describe, expect, it } from 'vitest';
import { changeTone, formatChange, formatMetric, formatMoney } from './metricFormat';
import { METRIC_ENUM, metricFromEnum } from './metricKeys';

describe('numbers on the dashboards', () => {
  it('writes money in the account currency, rates as percentages and ROAS as a multiple', () => {
    expect(formatMetric('spend', 1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMetric('cpa', 12, 'USD')).toBe('US$12.00');
    expect(formatMetric('ctr', 0.01234, 'EUR')).toBe('1.23%');
    expect(formatMetric('roas', 3.4167, 'EUR')).toBe('3.42×');
    expect(formatMetric('impressions', 1_250_000, 'EUR')).toBe('1,250,000');
    expect(formatMetric('frequency', 2.456, null)).toBe('2.46');
  });

  it('writes a dash for a ratio over zero, and survives an unknown currency', () => {
    expect(formatMetric('roas', null, 'EUR')).toBe('–');
    expect(formatMoney(5, 'XYZ1')).toBe('5.00 XYZ1');
    expect(formatMoney(5, null)).toBe('5.00');
  });

  it('writes a change with its sign', () => {
    expect(formatChange(0.125)).toBe('+12.5%');
    expect(formatChange(-0.2)).toBe('−20%');
    expect(formatChange(0)).toBe('0%');
    expect(formatChange(null)).toBe('–');
  });

  it('colours a change by whether it is good news for the metric', () => {
    expect(changeTone('roas', 0.1)).toBe('good');
    expect(changeTone('roas', -0.2)).toBe('bad');
    expect(changeTone('cpa', -0.2)).toBe('good');
    expect(changeTone('cpm', 0.3)).toBe('bad');
    expect(changeTone('spend', 0.5)).toBe('neutral');
    expect(changeTone('roas', null)).toBe('neutral');
  });

  it('maps the GraphQL metric enum both ways', () => {
    expect(METRIC_ENUM.video3sPlays).toBe('VIDEO_3S_PLAYS');
    expect(metricFromEnum('HOOK_RATE')).toBe('hookRate');
    expect(metricFromEnum('nope')).toBeUndefined();
  });
});
