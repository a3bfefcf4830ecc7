/**
 * Alerts that explain a change (performanceAlerts), the pure part: which metrics moved at least 20 %
 * against the comparison period, and which campaigns and breakdown values moved them.
 *
 * Decomposition. For a ratio M = N ÷ D (ROAS = revenue ÷ spend, CPA = spend ÷ purchases, CTR = link clicks ÷
 * impressions, CPM = 1000 × spend ÷ impressions), M = Σᵢ Nᵢ ÷ D over the segments i (campaigns, or the
 * values of one breakdown), so the change splits exactly into one term per segment:
 *   ΔM = M₁ − M₀ = Σᵢ (Nᵢ₁ ÷ D₁ − Nᵢ₀ ÷ D₀) × factor.
 * A segment's term counts both its own ratio moving and its weight in D moving (a campaign that kept its
 * ROAS but took a larger share of spend at a low ROAS lowers the total too). For a sum (spend, purchases)
 * the term is the segment's own change. A driver's contribution is its term ÷ ΔM: the share of the change
 * it explains (the terms add up to 1 over all segments; those moving the other way are negative). A
 * breakdown's terms are taken against that breakdown's own totals, since breakdown rows may cover fewer ads.
 */
import {
  DERIVED_FORMULAS,
  isDerivedMetric,
  METRICS,
  metricValue,
  relativeChange,
  isImprovement,
  addSums,
  emptySums,
  type Breakdown,
  type MetricKey,
  type MetricSums,
} from '@adloom/commerce';

export const ALERT_METRICS: readonly MetricKey[] = ['roas', 'cpa', 'ctr', 'cpm', 'spend', 'purchases'];
export const ALERT_THRESHOLD = 0.2;
export const DRIVER_BREAKDOWNS: readonly Breakdown[] = ['age', 'gender', 'country', 'placement', 'device'];

export interface Segment {
  /** 'campaign' or a breakdown key. */
  kind: string;
  key: string;
  label: string;
  current: MetricSums;
  previous: MetricSums;
}

export interface AlertDriverShape {
  kind: string;
  label: string;
  current: number | null;
  previous: number | null;
  contribution: number;
}

export interface PerformanceAlertShape {
  metric: MetricKey;
  current: number | null;
  previous: number | null;
  change: number;
  severity: 'critical' | 'warning' | 'positive' | 'info';
  message: string;
  drivers: AlertDriverShape[];
}

const total = (segments: readonly Segment[], period: 'current' | 'previous') =>
  segments.reduce((s, x) => addSums(s, x[period]), emptySums());

/** Each segment's term of the change of `metric` (see the module comment); null when there is no change to split. */
export function decompose(
  segments: readonly Segment[],
  metric: MetricKey,
): { segment: Segment; term: number }[] | null {
  const t1 = total(segments, 'current');
  const t0 = total(segments, 'previous');
  const m1 = metricValue(t1, metric);
  const m0 = metricValue(t0, metric);
  if (m1 == null || m0 == null || m1 === m0) return null;
  if (!isDerivedMetric(metric))
    return segments.map((segment) => ({ segment, term: segment.current[metric] - segment.previous[metric] }));
  const { numerator, denominator, factor } = DERIVED_FORMULAS[metric];
  return segments.map((segment) => ({
    segment,
    term:
      (segment.current[numerator] / t1[denominator] - segment.previous[numerator] / t0[denominator]) * factor,
  }));
}

/** The segments that moved the metric the way it moved, the largest share first, with their share of the change. */
export function drivers(segments: readonly Segment[], metric: MetricKey, minShare = 0.1): AlertDriverShape[] {
  const terms = decompose(segments, metric);
  if (!terms) return [];
  const change = terms.reduce((s, x) => s + x.term, 0);
  if (change === 0) return [];
  return terms
    .map(({ segment, term }) => ({
      kind: segment.kind,
      label: segment.label,
      current: metricValue(segment.current, metric),
      previous: metricValue(segment.previous, metric),
      contribution: term / change,
    }))
    .filter((d) => d.contribution >= minShare)
    .sort((a, b) => b.contribution - a.contribution);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `1–30 Sep`, `28 Aug – 3 Sep`, with the year when it is not `year`. */
export function periodLabel(from: string, to: string, year: string): string {
  const [fy, fm, fd] = from.split('-');
  const [ty, tm, td] = to.split('-');
  const month = (m: string) => MONTHS[Number(m) - 1];
  const y = (v: string) => (v === year ? '' : ` ${v}`);
  if (from === to) return `${Number(fd)} ${month(fm!)}${y(fy!)}`;
  if (fy === ty && fm === tm) return `${Number(fd)}–${Number(td)} ${month(fm!)}${y(fy!)}`;
  if (fy === ty) return `${Number(fd)} ${month(fm!)} – ${Number(td)} ${month(tm!)}${y(fy!)}`;
  return `${Number(fd)} ${month(fm!)} ${fy} – ${Number(td)} ${month(tm!)} ${ty}`;
}

/** A metric's value as the alert writes it. */
export function formatValue(metric: MetricKey, value: number | null, currency: string | null): string {
  if (value == null) return '–';
  switch (METRICS[metric].format) {
    case 'money':
      return `${value.toFixed(2)}${currency ? ` ${currency}` : ''}`;
    case 'percent':
      return `${(value * 100).toFixed(2)} %`;
    case 'ratio':
      return value.toFixed(2);
    default:
      return Math.round(value).toLocaleString('en-US');
  }
}

function driverPhrase(d: AlertDriverShape, metric: MetricKey, currency: string | null): string {
  const label = METRICS[metric].label;
  const values = `${label} ${formatValue(metric, d.previous, currency)} → ${formatValue(metric, d.current, currency)}`;
  switch (d.kind) {
    case 'campaign':
      return `campaign ${d.label} (${values})`;
    case 'age':
      return `the ${d.label} age group`;
    case 'gender':
      return `the ${d.label.toLowerCase()} audience`;
    case 'country':
      return `${d.label}`;
    default:
      return `the ${d.label} ${d.kind}`;
  }
}

/**
 * The alerts of a period against the comparison period: every alert metric that moved at least 20 %, with
 * the top campaigns (at most three) and the top value of each breakdown (kept when it explains at least 10 %
 * of the change), largest share first.
 */
export function buildAlerts(input: {
  campaigns: readonly Segment[];
  breakdowns: readonly Segment[];
  comparisonFrom: string;
  comparisonTo: string;
  to: string;
  currency: string | null;
}): PerformanceAlertShape[] {
  const t1 = total(input.campaigns, 'current');
  const t0 = total(input.campaigns, 'previous');
  const period = periodLabel(input.comparisonFrom, input.comparisonTo, input.to.slice(0, 4));
  const alerts: PerformanceAlertShape[] = [];
  for (const metric of ALERT_METRICS) {
    const current = metricValue(t1, metric);
    const previous = metricValue(t0, metric);
    const change = relativeChange(current, previous);
    if (change == null || Math.abs(change) < ALERT_THRESHOLD) continue;
    const campaignDrivers = drivers(input.campaigns, metric).slice(0, 3);
    const breakdownDrivers = DRIVER_BREAKDOWNS.flatMap((b) =>
      drivers(
        input.breakdowns.filter((s) => s.kind === b),
        metric,
      ).slice(0, 1),
    );
    const all = [...campaignDrivers, ...breakdownDrivers].sort((a, b) => b.contribution - a.contribution);
    const good = isImprovement(metric, change);
    const severity =
      good == null ? 'info' : good ? 'positive' : Math.abs(change) >= 0.4 ? 'critical' : 'warning';
    const label = METRICS[metric].label;
    const head = `${label} ${change < 0 ? 'fell' : 'rose'} ${Math.round(Math.abs(change) * 100)} % (${formatValue(metric, previous, input.currency)} → ${formatValue(metric, current, input.currency)}) against ${period}`;
    const named = [campaignDrivers[0], breakdownDrivers.sort((a, b) => b.contribution - a.contribution)[0]]
      .filter((d): d is AlertDriverShape => !!d)
      .map((d) => driverPhrase(d, metric, input.currency));
    const lead =
      (campaignDrivers[0]?.contribution ?? 0) >= 0.5 ? 'most of it came from' : 'the largest parts came from';
    const message = named.length ? `${head}; ${lead} ${named.join(' and ')}.` : `${head}.`;
    alerts.push({ metric, current, previous, change, severity, message, drivers: all });
  }
  return alerts;
}
