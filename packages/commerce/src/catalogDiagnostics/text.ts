/**
 * Title and description: present, and within each network's length. Lengths are counted in Unicode code
 * points on the trimmed text (an emoji is one character, as both networks count them).
 */
import type { DiagnosableItem } from './item.js';
import { defineIssues, isBlank } from './rule.js';

// Google: title 1–150 characters, description 1–5,000 characters; a longer description is truncated with a
// warning ("If your description does not fit within the character limit, Google will truncate it").
// https://support.google.com/merchants/answer/7052112 (Product data specification),
// https://support.google.com/merchants/answer/6324415 (title),
// https://support.google.com/merchants/answer/6324468 (description).
export const GOOGLE_TITLE_MAX = 150;
export const GOOGLE_DESCRIPTION_MAX = 5000;
// Meta: title "Character limit: 200", description "Character limit: 9999", both required.
// https://developers.facebook.com/documentation/ads-commerce/catalog/reference/ (catalogue fields; the same
// title and description specifications are linked from each vertical, e.g. …/reference/apps-and-software/),
// https://developers.facebook.com/docs/marketing-api/catalog-feed-setup (required columns of a product feed).
export const META_TITLE_MAX = 200;
export const META_DESCRIPTION_MAX = 9999;

export type TextIssueCode =
  | 'missing_title'
  | 'title_too_long_google'
  | 'title_too_long_meta'
  | 'missing_description'
  | 'description_too_long_google'
  | 'description_too_long_meta';

const characters = (limit: number) => `${limit.toLocaleString('en-US')} characters`;

export const TEXT_ISSUES = defineIssues<TextIssueCode>({
  missing_title: {
    networks: ['meta', 'google'],
    severity: 'error',
    label: 'Missing title',
    fix: 'Give the item a title that names the product, such as brand, product type and main attributes.',
  },
  title_too_long_google: {
    networks: ['google'],
    severity: 'error',
    label: `Title over ${characters(GOOGLE_TITLE_MAX)}`,
    fix: `Shorten the title to ${characters(GOOGLE_TITLE_MAX)} or fewer, keeping the key words first.`,
  },
  title_too_long_meta: {
    networks: ['meta'],
    severity: 'error',
    label: `Title over ${characters(META_TITLE_MAX)}`,
    fix: `Shorten the title to ${characters(META_TITLE_MAX)} or fewer, keeping the key words first.`,
  },
  missing_description: {
    networks: ['meta', 'google'],
    severity: 'error',
    label: 'Missing description',
    fix: 'Add a plain-text description of the product: what it is, its material, size or other features.',
  },
  description_too_long_google: {
    networks: ['google'],
    severity: 'warning',
    label: `Description over ${characters(GOOGLE_DESCRIPTION_MAX)}`,
    fix: `Google cuts the description at ${characters(GOOGLE_DESCRIPTION_MAX)}; shorten it so nothing important is lost.`,
  },
  description_too_long_meta: {
    networks: ['meta'],
    severity: 'error',
    label: `Description over ${characters(META_DESCRIPTION_MAX)}`,
    fix: `Shorten the description to ${characters(META_DESCRIPTION_MAX)} or fewer.`,
  },
});

/** How many Unicode code points the text has (a surrogate pair, such as most emoji, counts once). */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * The text's length in code points, counted only when it could pass `limit`: a text of at most `limit`
 * UTF-16 units has at most that many code points (the import judges every item's description).
 */
const lengthAgainst = (text: string, limit: number): number =>
  text.length <= limit ? text.length : codePointLength(text);

/** The item's title and description issues. */
export function textIssues(item: Pick<DiagnosableItem, 'title' | 'description'>): TextIssueCode[] {
  const issues: TextIssueCode[] = [];
  if (isBlank(item.title)) issues.push('missing_title');
  else {
    const length = lengthAgainst(item.title.trim(), GOOGLE_TITLE_MAX);
    if (length > GOOGLE_TITLE_MAX) issues.push('title_too_long_google');
    if (length > META_TITLE_MAX) issues.push('title_too_long_meta');
  }
  if (isBlank(item.description)) issues.push('missing_description');
  else {
    const length = lengthAgainst(item.description.trim(), GOOGLE_DESCRIPTION_MAX);
    if (length > GOOGLE_DESCRIPTION_MAX) issues.push('description_too_long_google');
    if (length > META_DESCRIPTION_MAX) issues.push('description_too_long_meta');
  }
  return issues;
}
