/** Pure helpers of the feed screens (no React, no DOM). */
import { withCurrency } from '@adloom/commerce';
import type { CreativeStatus, FeedCounts } from './feed';
import { SLOT_PLACEMENTS } from './feedDraft';

/** Creatives per page of the gallery. */
export const CREATIVES_PER_PAGE = 48;

/** Every creative status, in the order the screens list them: results first, then work left, then gone. */
export const CREATIVE_STATUSES = [
  'GENERATED',
  'NO_INPUT_IMAGES',
  'NO_TEMPLATE_MATCHED',
  'FAILED',
  'PENDING',
  'IN_PROGRESS',
  'ARCHIVED',
] as const satisfies readonly CreativeStatus[];

export const creativeStatusLabels: Record<CreativeStatus, string> = {
  GENERATED: 'Generated',
  NO_INPUT_IMAGES: 'No input images',
  NO_TEMPLATE_MATCHED: 'No template matched',
  FAILED: 'Failed',
  PENDING: 'Pending',
  IN_PROGRESS: 'In progress',
  ARCHIVED: 'Archived',
};

/** What each status means, for the stat cards and the gallery. */
export const creativeStatusDescriptions: Record<CreativeStatus, string> = {
  GENERATED: 'Ads made and exported.',
  NO_INPUT_IMAGES: 'Items without any image link.',
  NO_TEMPLATE_MATCHED: 'Items no design takes: no filter passed, or too few images for the slots.',
  FAILED: 'Items whose ad could not be made; open them to see why.',
  PENDING: 'Waiting for their turn.',
  IN_PROGRESS: 'Being made now.',
  ARCHIVED: 'Items that left the product set; not exported.',
};

const countKeys: Record<CreativeStatus, keyof FeedCounts> = {
  GENERATED: 'generatedCount',
  NO_INPUT_IMAGES: 'noInputImagesCount',
  NO_TEMPLATE_MATCHED: 'noTemplateMatchedCount',
  FAILED: 'failedCount',
  PENDING: 'pendingCount',
  IN_PROGRESS: 'inProgressCount',
  ARCHIVED: 'archivedCount',
};

/** How many creatives of a feed have `status`, from its counts. */
export function statusCount(counts: FeedCounts, status: CreativeStatus): number {
  return Number(counts[countKeys[status]]);
}

const numberFormat = new Intl.NumberFormat('en-US');

/** A count with thousands separators: '1,234'. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** '1 item', '1,234 items'. */
export function formatItems(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'item' : 'items'}`;
}

/** The progress figure: '1,234 of 2,000 items'. */
export function formatItemProgress(done: number, total: number): string {
  return `${formatNumber(done)} of ${formatItems(total)}`;
}

/** Percent done, rounded down so 100 means every item; 0 for a feed without items. */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((done / total) * 100));
}

/** The status filter of the gallery from the URL (`?status=FAILED`); null for all or an unknown value. */
export function readStatusParam(value: string | null): CreativeStatus | null {
  const upper = value?.trim().toUpperCase() ?? '';
  return (CREATIVE_STATUSES as readonly string[]).includes(upper) ? (upper as CreativeStatus) : null;
}

/** The page of the gallery from the URL (`?page=2`), 1 when missing or not a positive whole number. */
export function readPageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** How many pages `total` creatives fill, at least 1. */
export function pageCount(total: number, perPage = CREATIVES_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** 'XML' or 'CSV', from the export URL's extension; null for anything else. */
export function exportFormat(url: string): 'XML' | 'CSV' | null {
  const path = url.split(/[?#]/)[0] ?? '';
  if (/\.xml$/i.test(path)) return 'XML';
  if (/\.csv$/i.test(path)) return 'CSV';
  return null;
}

/** A product-set filter (Meta's JSON) that matches exactly these item ids. */
export function itemIdsFilterJson(itemIds: readonly string[]): string {
  return JSON.stringify({ id: { is_any: [...itemIds] } });
}

/** JSON text indented for reading; the text as it is when it does not parse. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A design's slot features (slot id → feature key → value); empty for missing or malformed JSON. */
export function parseSlotFeatures(json: string | null | undefined): Record<string, Record<string, string>> {
  if (!json) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const result: Record<string, Record<string, string>> = {};
  for (const [slotId, features] of Object.entries(value)) {
    if (typeof features !== 'object' || features === null || Array.isArray(features)) continue;
    result[slotId] = Object.fromEntries(Object.entries(features).map(([key, v]) => [key, String(v)]));
  }
  return result;
}

const featureWords: Record<string, [on: string, off: string]> = {
  isContain: ['Contain', 'Cover'],
  removeBorders: ['Remove borders', 'Keep borders'],
  removeBordersHard: ['Remove borders (hard)', 'No hard border removal'],
  removeBackground: ['Remove background', 'Keep background'],
};

/**
 * One feature in words: 'Contain', 'Remove background', 'Horizontal position: Left', or 'key: value' for
 * the others.
 */
export function describeFeature(key: string, value: string): string {
  const placement = SLOT_PLACEMENTS.find((candidate) => candidate.key === key);
  if (placement) {
    const option = placement.options.find((candidate) => candidate.value === value.trim().toUpperCase());
    return `${placement.label}: ${option?.label ?? value}`;
  }
  const words = featureWords[key];
  if (!words) return `${key}: ${value}`;
  return value.trim().toLowerCase() === 'true' ? words[0] : words[1];
}

/** A design's slot features in words, slot by slot: [{ slotId: 'MAIN_001', features: ['Contain'] }]. */
export function describeSlotFeatures(
  json: string | null | undefined,
): { slotId: string; features: string[] }[] {
  return Object.entries(parseSlotFeatures(json))
    .map(([slotId, features]) => ({
      slotId,
      features: Object.entries(features).map(([key, value]) => describeFeature(key, value)),
    }))
    .filter((slot) => slot.features.length > 0);
}

/** 'Design 1' for the design at position 0. */
export function designLabel(position: number): string {
  return `Design ${position + 1}`;
}

/** A downloaded ad's file name: the feed's and the item's, e.g. 'summer-shoes_SKU-1.jpg'. */
export function creativeFileName(feedName: string, itemId: string): string {
  const feed = feedName
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const item = itemId.trim().replace(/[^\p{L}\p{N}._-]+/gu, '-');
  return `${feed || 'feed'}_${item || 'item'}.jpg`;
}

/** The items before and after `itemId` in a page of creatives (null at either end, or when it is not there). */
export function neighbours<T extends { itemId: string }>(
  creatives: readonly T[],
  itemId: string | null,
): { previous: T | null; next: T | null } {
  const index = itemId === null ? -1 : creatives.findIndex((creative) => creative.itemId === itemId);
  if (index < 0) return { previous: null, next: null };
  return { previous: creatives[index - 1] ?? null, next: creatives[index + 1] ?? null };
}

/** Statuses in which an item is still being made. */
export function isCreativeWorking(status: CreativeStatus): boolean {
  return status === 'PENDING' || status === 'IN_PROGRESS';
}

/** An item's price as a card shows it: '129.00 USD', or on sale '99.00 USD (was 129.00 USD)'; null without one. */
export function itemPrice(
  item: { price: string | null; salePrice: string | null; currency: string | null } | null | undefined,
): string | null {
  if (!item?.price) return null;
  const price = withCurrency(item.price, item.currency);
  return item.salePrice ? `${withCurrency(item.salePrice, item.currency)} (was ${price})` : price;
}
