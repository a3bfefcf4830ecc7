/** @adloom/commerce: commerce rules the web app and the server share (product-set filters, money in cents). */
export * from './productSetFilter/index.js';
export { decimalToCents, formatCents, parsePrice, PriceError, withCurrency, type Price } from './money.js';
export { isDecimalText, shiftDecimal } from './decimalText.js';
export {
  AD_NETWORKS,
  gtinProblem,
  IMAGE_ISSUE_CODES,
  imageSizeIssues,
  isReadyFor,
  ITEM_ISSUES,
  itemIssues,
  META_AVAILABILITIES,
  refusingCodes,
  type MetaAvailability,
  type AdNetwork,
  type DiagnosableItem,
  type ItemIssueCode,
  type ItemIssueRule,
} from './catalogDiagnostics/index.js';
export * from './adMetrics/index.js';
export * from './creativeFeatures/index.js';
