import { clientUrl } from '../../../app/routes';

/** What Adloom made an ad from (PerformanceAd.ours): null when the creative is not one of ours. */
export interface CreativeLink {
  feedId: string | null;
  templateId: string | null;
}

/**
 * Where "Make more like this" leads: the ad's template in the builder, else the feed that generated it;
 * null when the ad's creative was not made in Adloom (the button is then disabled).
 */
export function moreLikeThisPath(clientId: string, ours: CreativeLink | null | undefined): string | null {
  if (ours?.templateId) return clientUrl(clientId, 'products/templates/:id/', { id: ours.templateId });
  if (ours?.feedId) return clientUrl(clientId, 'feeds/:id/', { id: ours.feedId });
  return null;
}

/** The common scale of the interval bars of one page: from the lowest bound to the highest, never empty. */
export function intervalScale(ads: readonly { low: number; high: number; observed: number | null }[]): {
  min: number;
  max: number;
} {
  const values = ads.flatMap((ad) => [ad.low, ad.high, ...(ad.observed == null ? [] : [ad.observed])]);
  if (!values.length) return { min: 0, max: 1 };
  const min = Math.min(...values);
  const max = Math.max(...values);
  return max > min ? { min, max } : { min: min - 1, max: max + 1 };
}

/** Where a value sits on a scale, as a percentage of its width (clamped to 0–100). */
export function positionOn(value: number, scale: { min: number; max: number }): number {
  const share = (value - scale.min) / (scale.max - scale.min);
  return Math.round(Math.min(1, Math.max(0, share)) * 1000) / 10;
}
