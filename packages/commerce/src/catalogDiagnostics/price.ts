/** Price, currency and sale price. Amounts are in cents, whatever the currency. */
import type { DiagnosableItem } from './item.js';
import { defineIssues } from './rule.js';

// Google: price is required, a number plus an ISO 4217 currency; "Don't submit a price of 0 (a price of 0 is
// allowed for mobile devices sold with a contract)". A catalogue here cannot tell a contract phone, so 0 is a
// missing price. https://support.google.com/merchants/answer/6324371 (price),
// https://support.google.com/merchants/answer/6324471 (sale price: meets the price's requirements).
// Meta: price is required, "a number followed by the 3-letter currency code (ISO 4217 standards)"; a price of
// 0 is treated the same way. https://developers.facebook.com/documentation/ads-commerce/catalog/reference/,
// worded on https://developers.facebook.com/documentation/ads-commerce/catalog/reference/apps-and-software/
// Neither network's page says what a sale price at or above the price does; it is no discount to show, so it
// is flagged as a warning, not a refusal.
const ISO_4217_CODE = /^[A-Z]{3}$/;

export type PriceIssueCode =
  'missing_price' | 'missing_currency' | 'invalid_currency' | 'sale_price_not_below_price';

export const PRICE_ISSUES = defineIssues<PriceIssueCode>({
  missing_price: {
    networks: ['meta', 'google'],
    severity: 'error',
    label: 'Missing price',
    fix: 'Give the item its regular price, above zero, as on the product page.',
  },
  missing_currency: {
    networks: ['meta', 'google'],
    severity: 'error',
    label: 'Missing currency',
    fix: 'Write the price with its ISO 4217 currency code, e.g. 15.00 USD.',
  },
  invalid_currency: {
    networks: ['meta', 'google'],
    severity: 'error',
    label: 'Currency is not an ISO 4217 code',
    fix: 'Use the three capital letters of an ISO 4217 currency code, e.g. USD or EUR.',
  },
  sale_price_not_below_price: {
    networks: ['meta', 'google'],
    severity: 'warning',
    label: 'Sale price not below price',
    fix: 'Make the sale price lower than the regular price, or remove it when the item is not on sale.',
  },
});

/** The item's price issues. */
export function priceIssues(
  item: Pick<DiagnosableItem, 'priceAmount' | 'salePriceAmount' | 'currency'>,
): PriceIssueCode[] {
  const issues: PriceIssueCode[] = [];
  const hasPrice = item.priceAmount !== null && item.priceAmount > 0;
  if (!hasPrice) issues.push('missing_price');
  if (hasPrice || item.salePriceAmount !== null) {
    const currency = item.currency?.trim() ?? '';
    if (currency === '') issues.push('missing_currency');
    else if (!ISO_4217_CODE.test(currency)) issues.push('invalid_currency');
  }
  if (hasPrice && item.salePriceAmount !== null && item.salePriceAmount >= (item.priceAmount ?? 0)) {
    issues.push('sale_price_not_below_price');
  }
  return issues;
}
