import { METRICS, type MetricKey } from '@adloom/commerce';
import { clientUrl } from '../../../../app/routes';

/**
 * What the creative-feature screens read of the server's answers (the `creativeFeatures` and
 * `creativeFeature` queries), narrowed to what they show.
 */
export interface FeatureInfo {
  id: string;
  label: string;
  group: string;
  source: string;
  description: string;
  templateTag: { id: string; group: string; key: string } | null;
}

export interface FeatureEffect {
  feature: FeatureInfo;
  adsWith: number;
  adsWithout: number;
  spendWith: number;
  spendShare: number;
  valueWith: number | null;
  valueWithout: number | null;
  lift: number | null;
  liftLow: number | null;
  liftHigh: number | null;
  significant: boolean;
  hitRate: number | null;
  winnersWith: number;
  /** Other features of exactly the same ads: one estimate for all of them. */
  sameAdsAs: readonly string[];
}

export interface FeatureExtraction {
  done: number;
  pending: number;
  failed: number;
}

/** The metrics a feature's effect is measured on, in the order the page offers them. */
export const FEATURE_METRICS = ['ctr', 'cvr', 'roas'] as const satisfies readonly MetricKey[];
export type FeatureMetric = (typeof FEATURE_METRICS)[number];

/** The GraphQL `CreativeFeatureMetric` value of a metric. */
export const FEATURE_METRIC_ENUM = { ctr: 'CTR', cvr: 'CVR', roas: 'ROAS' } as const satisfies Record<
  FeatureMetric,
  string
>;

/** A metric's name inside a sentence: "ROAS", "CTR", "conversion rate". */
export function metricInSentence(metric: FeatureMetric): string {
  const { label } = METRICS[metric];
  return label === label.toUpperCase() ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** The metric named by `?metric=`; CTR (what a creative moves first) when it names none of the three. */
export function featureMetricParam(value: string | null): FeatureMetric {
  return FEATURE_METRICS.find((metric) => metric === value) ?? 'ctr';
}

/** An effect whose lift and interval are known (the regression could estimate it). */
export type EstimatedEffect<E extends FeatureEffect = FeatureEffect> = E & {
  lift: number;
  liftLow: number;
  liftHigh: number;
};

export function isEstimated<E extends FeatureEffect>(effect: E): effect is EstimatedEffect<E> {
  return effect.lift != null && effect.liftLow != null && effect.liftHigh != null;
}

/**
 * The significant features that raise the metric most and those that lower it most, `count` of each,
 * strongest first.
 */
export function strongestFeatures<E extends FeatureEffect>(
  effects: readonly E[],
  count: number,
): { raising: EstimatedEffect<E>[]; lowering: EstimatedEffect<E>[] } {
  const significant = effects.filter((effect) => effect.significant).filter(isEstimated);
  return {
    raising: significant
      .filter((effect) => effect.lift > 0)
      .sort((a, b) => b.lift - a.lift)
      .slice(0, count),
    lowering: significant
      .filter((effect) => effect.lift < 0)
      .sort((a, b) => a.lift - b.lift)
      .slice(0, count),
  };
}

/**
 * The common scale of a page's lift bars: every interval and no lift (0) on it, with a little room at
 * both ends so a bound is never drawn on the edge.
 */
export function liftScale(effects: readonly FeatureEffect[]): { min: number; max: number } {
  const bounds = effects
    .filter(isEstimated)
    .flatMap((effect) => [effect.liftLow, effect.liftHigh])
    .filter(Number.isFinite);
  const min = Math.min(0, ...bounds);
  const max = Math.max(0, ...bounds);
  const room = (max - min) * 0.05 || 0.1;
  return { min: min - room, max: max + room };
}

/** The groups of the features shown, in the order the server lists them (the list's filter). */
export function featureGroups(effects: readonly FeatureEffect[]): string[] {
  return [...new Set(effects.map((effect) => effect.feature.group))];
}

/** The share of the features read so far (done or failed), 0 to 1; 1 when there is nothing to read. */
export function extractionShare({ done, pending, failed }: FeatureExtraction): number {
  const total = done + pending + failed;
  return total === 0 ? 1 : (done + failed) / total;
}

const lifts = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });

/**
 * A lift with its sign, to a tenth of a percent: "+37.6%", "−8.9%" (an estimate with an interval tens of
 * points wide: more digits would claim a precision it does not have); a dash when unknown.
 */
export function formatLift(lift: number | null | undefined): string {
  if (lift == null || !Number.isFinite(lift)) return '–';
  const text = lifts.format(Math.abs(lift));
  if (text === lifts.format(0)) return text;
  return `${lift > 0 ? '+' : '−'}${text}`;
}

/** A lift's interval in words: "+3.2% to +21%". */
export function formatInterval(low: number | null, high: number | null): string {
  return low == null || high == null ? '–' : `${formatLift(low)} to ${formatLift(high)}`;
}

const shares = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });
const counts = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** A share (0 to 1) as a percentage: "12.5%"; a dash when unknown. */
export function formatShare(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? '–' : shares.format(value);
}

/** A count with its noun, singular or plural: "1 ad", "1,204 ads". */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${counts.format(count)} ${count === 1 ? noun : plural}`;
}

/** The page of one feature, keeping the range, filters and metric of the page the link is on. */
export function featurePath(clientId: string, featureId: string, search: string): string {
  return `${clientUrl(clientId, 'creative-features/:id/', { id: featureId })}${search}`;
}

/** The list of features, keeping the range, filters and metric. */
export function featureListPath(clientId: string, search: string): string {
  return `${clientUrl(clientId, 'creative-features/')}${search}`;
}

/** The template library filtered by a feature's tag ("Use in a template"). */
export function libraryPathForTag(clientId: string, tagId: string): string {
  return `${clientUrl(clientId, 'products/templates/library/')}?${new URLSearchParams({ tag: tagId })}`;
}
