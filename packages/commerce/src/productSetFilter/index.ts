/** Meta's product-set filter JSON: its operators, fields, parsing (with the API's error texts) and sentence. */
export * from './operators.js';
export * from './fields.js';
export * from './parse.js';
export { describeFilter } from './describe.js';
