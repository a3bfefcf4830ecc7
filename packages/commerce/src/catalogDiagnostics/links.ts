/** The product page link and the main image link: present, and absolute http(s) URLs. */
import type { DiagnosableItem } from './item.js';
import { defineIssues, isBlank } from './rule.js';

// Both networks require both links and take only absolute http or https URLs.
// Google: link and image_link are required; "Start with http or https and comply with RFC 3986" (symbols and
// spaces URL-encoded). https://support.google.com/merchants/answer/6324416 (link),
// https://support.google.com/merchants/answer/6324350 (image link).
// Meta: link and image_link are required; "Links must begin with http:// or https://".
// https://developers.facebook.com/documentation/ads-commerce/catalog/reference/ (wording as on
// https://developers.facebook.com/documentation/ads-commerce/catalog/reference/apps-and-software/),
// https://developers.facebook.com/docs/marketing-api/catalog-feed-setup.
// A host must follow the scheme, and no whitespace may appear anywhere (an unencoded space is refused).
const ABSOLUTE_HTTP_URL = /^https?:\/\/[\p{L}\p{N}[][^\s/?#]*(?:[/?#]\S*)?$/iu;

export type LinkIssueCode = 'missing_link' | 'invalid_link' | 'missing_image' | 'invalid_image_link';

export const LINK_ISSUES = defineIssues<LinkIssueCode>({
  missing_link: {
    networks: ['meta', 'google'],
    severity: 'error',
    label: 'Missing product link',
    fix: 'Add the address of the product’s page on your website.',
  },
  invalid_link: {
    networks: ['meta', 'google'],
    severity: 'error',
    label: 'Product link is not an http(s) URL',
    fix: 'Write the full address of the product’s page, starting with https://, with spaces encoded as %20.',
  },
  missing_image: {
    networks: ['meta', 'google'],
    severity: 'error',
    label: 'Missing image',
    fix: 'Add the address of the product’s main image.',
  },
  invalid_image_link: {
    networks: ['meta', 'google'],
    severity: 'error',
    label: 'Image link is not an http(s) URL',
    fix: 'Write the full address of the main image, starting with https://, with spaces encoded as %20.',
  },
});

/** Whether the text is an absolute http or https URL with a host and no whitespace. */
export const isAbsoluteHttpUrl = (text: string): boolean => ABSOLUTE_HTTP_URL.test(text);

/** The item's link and image link issues. */
export function linkIssues(item: Pick<DiagnosableItem, 'link' | 'imageLink'>): LinkIssueCode[] {
  const issues: LinkIssueCode[] = [];
  if (isBlank(item.link)) issues.push('missing_link');
  else if (!isAbsoluteHttpUrl(item.link.trim())) issues.push('invalid_link');
  if (isBlank(item.imageLink)) issues.push('missing_image');
  else if (!isAbsoluteHttpUrl(item.imageLink.trim())) issues.push('invalid_image_link');
  return issues;
}
