/** Brand and the product identifiers (GTIN, MPN) each network wants. */
import { googleRefusedGtinRange, gtinProblem } from './gtin.js';
import type { DiagnosableItem } from './item.js';
import { defineIssues, isBlank } from './rule.js';

// Meta: brand is a required field of every product.
// https://developers.facebook.com/docs/marketing-api/catalog-feed-setup (required columns),
// https://developers.facebook.com/documentation/ads-commerce/catalog/reference/.
// Google: brand is "Required for each product with a clearly associated brand or manufacturer" and optional
// for products without one (movies, books, music, posters); the rules cannot tell which, so a missing brand
// is a warning there. https://support.google.com/merchants/answer/6324351
// Google: a GTIN, or an MPN with the brand, identifies the product; without them it shows with limited
// performance (a warning). https://support.google.com/merchants/answer/6324461 (GTIN),
// https://support.google.com/merchants/answer/12153802 (warnings and disapprovals).
// A GTIN Meta cannot read is not documented as a refusal on Meta's pages, so GTIN checks are Google's.

export type IdentifierIssueCode =
  | 'missing_brand'
  | 'missing_brand_google'
  | 'invalid_gtin'
  | 'restricted_gtin_google'
  | 'missing_identifier_google';

export const IDENTIFIER_ISSUES = defineIssues<IdentifierIssueCode>({
  missing_brand: {
    networks: ['meta'],
    severity: 'error',
    label: 'Missing brand',
    fix: 'Add the product’s brand; for products you make yourself, your business’s name.',
  },
  missing_brand_google: {
    networks: ['google'],
    severity: 'warning',
    label: 'Missing brand',
    fix: 'Add the brand for a branded product; books, films, music and posters may leave it empty.',
  },
  invalid_gtin: {
    networks: ['google'],
    severity: 'error',
    label: 'Invalid GTIN',
    fix: 'Copy the 8, 12, 13 or 14 digits under the product’s barcode, or leave the GTIN empty if it has none.',
  },
  restricted_gtin_google: {
    networks: ['google'],
    severity: 'error',
    label: 'GTIN in a restricted or coupon range',
    fix: 'Use the manufacturer’s GTIN: Google refuses in-store numbers (2, 02, 04…) and coupons (981–984, 99, 05…).',
  },
  missing_identifier_google: {
    networks: ['google'],
    severity: 'warning',
    label: 'No GTIN, nor MPN with brand',
    fix: 'Add the product’s GTIN, or its MPN together with its brand, so Google can match it.',
  },
});

/** The item's brand and identifier issues. */
export function identifierIssues(
  item: Pick<DiagnosableItem, 'brand' | 'gtin' | 'mpn'>,
): IdentifierIssueCode[] {
  const issues: IdentifierIssueCode[] = [];
  const noBrand = isBlank(item.brand);
  if (noBrand) issues.push('missing_brand', 'missing_brand_google');
  if (isBlank(item.gtin)) {
    if (noBrand || isBlank(item.mpn)) issues.push('missing_identifier_google');
  } else if (gtinProblem(item.gtin) !== null) issues.push('invalid_gtin');
  else if (googleRefusedGtinRange(item.gtin) !== null) issues.push('restricted_gtin_google');
  return issues;
}
