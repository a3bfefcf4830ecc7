/** @adloom/commerce: commerce rules the web app and the server share (product-set filters, money in cents). */
export * from './productSetFilter/index.js';
export { decimalToCents, formatCents, parsePrice, PriceError, withCurrency, type Price } from './money.js';
export { isDecimalText, shiftDecimal } from './decimalText.js';
