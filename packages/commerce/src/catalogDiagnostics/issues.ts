/** Every item issue code with its rule, and whether an item's issues let a network show it. */
import { IDENTIFIER_ISSUES, type IdentifierIssueCode } from './identifiers.js';
import { IMAGE_SIZE_ISSUES, type ImageSizeIssueCode } from './imageSize.js';
import { LINK_ISSUES, type LinkIssueCode } from './links.js';
import { PRICE_ISSUES, type PriceIssueCode } from './price.js';
import type { AdNetwork, ItemIssueRule } from './rule.js';
import { STOCK_ISSUES, type StockIssueCode } from './stock.js';
import { TEXT_ISSUES, type TextIssueCode } from './text.js';

/**
 * Why a network refuses or flags an item. A code names one network when the networks' rules differ
 * (`title_too_long_google` at 151 characters, `title_too_long_meta` at 201), so that a count per network is
 * one filter over codes (see ITEM_ISSUES[code].networks).
 */
export type ItemIssueCode =
  TextIssueCode | LinkIssueCode | PriceIssueCode | StockIssueCode | IdentifierIssueCode | ImageSizeIssueCode;

/** Every code's rule, in the order a list shows them (itemIssues and imageSizeIssues keep this order). */
export const ITEM_ISSUES: Readonly<Record<ItemIssueCode, ItemIssueRule>> = Object.freeze({
  ...TEXT_ISSUES,
  ...LINK_ISSUES,
  ...IMAGE_SIZE_ISSUES,
  ...PRICE_ISSUES,
  ...STOCK_ISSUES,
  ...IDENTIFIER_ISSUES,
});

/** The codes that stop `network` from showing an item (its errors), in ITEM_ISSUES order. */
export function refusingCodes(network: AdNetwork): ItemIssueCode[] {
  return (Object.values(ITEM_ISSUES) as ItemIssueRule[])
    .filter((rule) => rule.severity === 'error' && rule.networks.includes(network))
    .map((rule) => rule.code);
}

/** True when none of `issues` is an error for `network`. */
export function isReadyFor(network: AdNetwork, issues: readonly ItemIssueCode[]): boolean {
  // A code stored by an older version of these rules and since removed has no rule: it stops nothing.
  const refusing = new Set<string>(refusingCodes(network));
  return !issues.some((code) => refusing.has(code));
}
