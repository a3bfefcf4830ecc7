/**
 * Catalogue diagnostics per ad network ("ready for Meta", "ready for Google"): the issues an imported item
 * would raise in Meta's Commerce Manager and Google's Merchant Center, with each network's own limits.
 */
export { AD_NETWORKS, type AdNetwork, type ItemIssueRule } from './rule.js';
export type { DiagnosableItem } from './item.js';
export { ITEM_ISSUES, isReadyFor, refusingCodes, type ItemIssueCode } from './issues.js';
export { itemIssues } from './itemIssues.js';
export { IMAGE_ISSUE_CODES, imageSizeIssues } from './imageSize.js';
export { gtinProblem } from './gtin.js';
export { META_AVAILABILITIES, type MetaAvailability } from './stock.js';
