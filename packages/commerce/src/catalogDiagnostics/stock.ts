/** Availability and condition: given, and a value the network accepts. */
import type { DiagnosableItem } from './item.js';
import { defineIssues } from './rule.js';

// Google: availability is required, one of in_stock, out_of_stock, preorder, backorder.
// https://support.google.com/merchants/answer/6324448. Condition is "Required if your product is used or
// refurbished, optional for new products" (Google reads a missing one as new), one of new, refurbished, used.
// https://support.google.com/merchants/answer/7052112 (Product data specification, condition).
// Meta: availability and condition are required; availability is one of in stock, out of stock, preorder,
// available for order, discontinued, pending, mark_as_sold (catalogue fields, common attributes:
// https://developers.facebook.com/documentation/ads-commerce/catalog/reference/, as mirrored at
// https://flexify.net/meta-catalog-docs/categories/common). Meta's condition values (new, refurbished, used
// and finer grades of used) are not checked here: the importer already refuses any other.
// Values are compared without case, spaces, underscores or hyphens, as the importer reads them (`in stock`
// and `in_stock` are one value); the catalogue stores Google's backorder as Meta's "available for order"
// (apps/server catalogs/import/canonical.ts), so that value stands for backorder on Google.
/** Meta's availability values, its whole documented list: the values the catalogue stores. */
export const META_AVAILABILITIES = [
  'in stock',
  'out of stock',
  'preorder',
  'available for order',
  'discontinued',
  'pending',
  'mark_as_sold',
] as const;
export type MetaAvailability = (typeof META_AVAILABILITIES)[number];
const GOOGLE_AVAILABILITIES = ['in_stock', 'out_of_stock', 'preorder', 'backorder', 'available for order'];
const GOOGLE_CONDITIONS = ['new', 'refurbished', 'used'];

const compact = (value: string): string => value.toLowerCase().replace(/[\s_-]+/g, '');
const acceptedBy = (values: readonly string[]): ReadonlySet<string> => new Set(values.map(compact));
const META_AVAILABILITY_WORDS = acceptedBy(META_AVAILABILITIES);
const GOOGLE_AVAILABILITY_WORDS = acceptedBy(GOOGLE_AVAILABILITIES);
const GOOGLE_CONDITION_WORDS = acceptedBy(GOOGLE_CONDITIONS);

export type StockIssueCode =
  | 'missing_availability'
  | 'invalid_availability_google'
  | 'invalid_availability_meta'
  | 'missing_condition'
  | 'invalid_condition_google';

export const STOCK_ISSUES = defineIssues<StockIssueCode>({
  missing_availability: {
    networks: ['meta', 'google'],
    severity: 'error',
    label: 'Missing availability',
    fix: 'Say whether the item is in stock, out of stock or on preorder; the import assumed in stock.',
  },
  invalid_availability_google: {
    networks: ['google'],
    severity: 'error',
    label: 'Availability Google does not accept',
    fix: 'Use in stock, out of stock, preorder or backorder; Google has no discontinued, pending or sold value.',
  },
  invalid_availability_meta: {
    networks: ['meta'],
    severity: 'error',
    label: 'Availability Meta does not accept',
    fix: 'Use in stock, out of stock, preorder, available for order, discontinued, pending or mark_as_sold.',
  },
  missing_condition: {
    networks: ['meta'],
    severity: 'error',
    label: 'Missing condition',
    fix: 'Say whether the item is new, refurbished or used; the import assumed new.',
  },
  invalid_condition_google: {
    networks: ['google'],
    severity: 'error',
    label: 'Condition Google does not accept',
    fix: 'Use new, refurbished or used; Google has no finer grades of used.',
  },
});

/** The item's availability and condition issues. */
export function stockIssues(item: Pick<DiagnosableItem, 'availability' | 'condition'>): StockIssueCode[] {
  const issues: StockIssueCode[] = [];
  const availability = item.availability?.trim() ?? '';
  if (availability === '') issues.push('missing_availability');
  else {
    const word = compact(availability);
    if (!GOOGLE_AVAILABILITY_WORDS.has(word)) issues.push('invalid_availability_google');
    if (!META_AVAILABILITY_WORDS.has(word)) issues.push('invalid_availability_meta');
  }
  const condition = item.condition?.trim() ?? '';
  if (condition === '') issues.push('missing_condition');
  else if (!GOOGLE_CONDITION_WORDS.has(compact(condition))) issues.push('invalid_condition_google');
  return issues;
}
