/** The main image's size, which only a fetched picture tells. */
import { defineIssues } from './rule.js';

// Google: images at least 100 × 100 pixels, 250 × 250 for apparel; smaller ones are disapproved.
// https://support.google.com/merchants/answer/6324350 (image link, minimum requirements).
// Meta: the main image "at least 500 x 500 pixels" (image specifications).
// https://developers.facebook.com/documentation/ads-commerce/catalog/reference/ (wording as on
// https://developers.facebook.com/documentation/ads-commerce/catalog/reference/apps-and-software/).
// A third-party page (emberfeed.com, 2026) reports Google raising its minimum to 500 × 500 from 31 January
// 2027; Google's pages read for these rules do not say so, so these are today's minimums.
export const GOOGLE_IMAGE_MIN = 100;
export const GOOGLE_APPAREL_IMAGE_MIN = 250;
export const META_IMAGE_MIN = 500;

// Apparel is Google's category 166, "Apparel & Accessories", written as its path, its id, or both
// ("166 - Apparel & Accessories > Clothing"). A subcategory written by its own id alone (such as 1604) is
// not recognised: the rules do not carry Google's taxonomy.
const APPAREL_CATEGORY = /^\s*(?:166(?!\d)|apparel\s*(?:&|&amp;|and)\s*accessories\b)/iu;

export type ImageSizeIssueCode = 'image_unreachable' | 'image_too_small_meta' | 'image_too_small_google';

/** Every code only a fetched picture tells: a new look at the image replaces all of them. */
export const IMAGE_ISSUE_CODES: readonly ImageSizeIssueCode[] = [
  'image_unreachable',
  'image_too_small_meta',
  'image_too_small_google',
];

export const IMAGE_SIZE_ISSUES = defineIssues<ImageSizeIssueCode>({
  // Both networks fetch the main image themselves and refuse an item whose image they cannot download.
  image_unreachable: {
    networks: ['meta', 'google'],
    severity: 'error',
    label: 'Image could not be downloaded',
    fix: 'Check that the image link opens a picture, publicly and without signing in.',
  },
  image_too_small_meta: {
    networks: ['meta'],
    severity: 'error',
    label: `Image under ${META_IMAGE_MIN} × ${META_IMAGE_MIN} px`,
    fix: `Use a main image at least ${META_IMAGE_MIN} × ${META_IMAGE_MIN} pixels.`,
  },
  image_too_small_google: {
    networks: ['google'],
    severity: 'error',
    label:
      `Image under ${GOOGLE_IMAGE_MIN} × ${GOOGLE_IMAGE_MIN} px ` +
      `(${GOOGLE_APPAREL_IMAGE_MIN} × ${GOOGLE_APPAREL_IMAGE_MIN} for apparel)`,
    fix:
      `Use a main image at least ${GOOGLE_IMAGE_MIN} × ${GOOGLE_IMAGE_MIN} pixels, ` +
      `${GOOGLE_APPAREL_IMAGE_MIN} × ${GOOGLE_APPAREL_IMAGE_MIN} for apparel.`,
  },
});

/** Whether Google's apparel image minimum applies to the category (Apparel & Accessories, id 166). */
export const isApparelCategory = (googleProductCategory: string): boolean =>
  APPAREL_CATEGORY.test(googleProductCategory);

/**
 * The issues of a main image of this size for the item (apparel decided from googleProductCategory text or id:
 * 'Apparel & Accessories' / category 166).
 */
export function imageSizeIssues(
  size: { width: number; height: number },
  googleProductCategory: string,
): ImageSizeIssueCode[] {
  const shortest = Math.min(size.width, size.height);
  // Written as "not at least" so that a size that is not a number counts as too small.
  const issues: ImageSizeIssueCode[] = [];
  if (!(shortest >= META_IMAGE_MIN)) issues.push('image_too_small_meta');
  const googleMin = isApparelCategory(googleProductCategory) ? GOOGLE_APPAREL_IMAGE_MIN : GOOGLE_IMAGE_MIN;
  if (!(shortest >= googleMin)) issues.push('image_too_small_google');
  return issues;
}
