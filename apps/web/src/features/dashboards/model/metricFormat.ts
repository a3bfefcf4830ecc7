import { isImprovement, METRICS, type MetricKey } from '@adloom/commerce';

/**
 * How the dashboards write numbers (Intl, English): money in the account's currency, counts grouped,
 * rates as percentages, ROAS as a multiple ("3.42×"); a missing value (a ratio over zero) is a dash.
 */

const EMPTY = '–';

const counts = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const decimals = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const percents = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 2 });
const multiples = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Money in a currency (ISO 4217); without one, a plain number with two decimals. */
export function formatMoney(value: number | null | undefined, currency: string | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return EMPTY;
  if (!currency) return multiples.format(value);
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    } catch {
      // A code Intl does not know: the number, then the code as written.
      return `${multiples.format(value)} ${currency}`;
    }
    moneyFormats.set(currency, format);
  }
  return format.format(value);
}

/** A metric's value as the dashboards write it. */
export function formatMetric(
  key: MetricKey,
  value: number | null | undefined,
  currency: string | null | undefined,
): string {
  if (value == null || !Number.isFinite(value)) return EMPTY;
  switch (METRICS[key].format) {
    case 'money':
      return formatMoney(value, currency);
    case 'percent':
      return percents.format(value);
    case 'ratio':
      return key === 'roas' ? `${multiples.format(value)}×` : decimals.format(value);
    case 'count':
      return Number.isInteger(value) ? counts.format(value) : decimals.format(value);
  }
}

/** A relative change with its sign: "+12.5 %", "−20 %"; a dash when there is nothing to compare with. */
export function formatChange(change: number | null | undefined): string {
  if (change == null || !Number.isFinite(change)) return EMPTY;
  const text = percents.format(Math.abs(change));
  if (change > 0) return `+${text}`;
  if (change < 0) return `−${text}`;
  return text;
}

export type ChangeTone = 'good' | 'bad' | 'neutral';

/** Whether a change of a metric is good news (green), bad news (red) or neither (grey: volumes, no change). */
export function changeTone(key: MetricKey, change: number | null | undefined): ChangeTone {
  const better = isImprovement(key, change ?? null);
  if (better == null) return 'neutral';
  return better ? 'good' : 'bad';
}

export const TONE_COLOR: Record<ChangeTone, string> = { good: 'teal', bad: 'red', neutral: 'gray' };
