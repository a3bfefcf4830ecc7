/**
 * Breakdowns of ad insights: the dimensions Meta's Insights API splits delivery by, as Adloom stores them
 * (one row per ad, day, breakdown and value).
 */
export const BREAKDOWNS = ['age', 'gender', 'country', 'placement', 'device', 'product_id'] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];

export interface BreakdownDefinition {
  key: Breakdown;
  label: string;
  /** The Insights API `breakdowns` parameter that yields it. */
  metaBreakdowns: readonly string[];
}

export const BREAKDOWN_DEFINITIONS: Readonly<Record<Breakdown, BreakdownDefinition>> = {
  age: { key: 'age', label: 'Age', metaBreakdowns: ['age'] },
  gender: { key: 'gender', label: 'Gender', metaBreakdowns: ['gender'] },
  country: { key: 'country', label: 'Country', metaBreakdowns: ['country'] },
  /** Value `{publisher_platform} · {platform_position}`, e.g. `facebook · feed`. */
  placement: {
    key: 'placement',
    label: 'Placement',
    metaBreakdowns: ['publisher_platform', 'platform_position'],
  },
  device: { key: 'device', label: 'Device', metaBreakdowns: ['impression_device'] },
  product_id: { key: 'product_id', label: 'Product', metaBreakdowns: ['product_id'] },
};

export function isBreakdown(key: string): key is Breakdown {
  return (BREAKDOWNS as readonly string[]).includes(key);
}

/** The stored value of a placement: `facebook · feed`. */
export function placementValue(
  publisherPlatform: string,
  platformPosition: string | null | undefined,
): string {
  const position = platformPosition?.trim();
  return position ? `${publisherPlatform.trim()} · ${position}` : publisherPlatform.trim();
}
