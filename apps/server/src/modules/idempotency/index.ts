/**
 * Idempotency keys of create mutations (issue 14, item 17): a double submit or a retry with the same key
 * gets the first result instead of a second row. Create mutations take an optional `idempotencyKey`
 * argument and run their creation through `once`.
 */
export { KEY_HOURS, once, purgeIdempotencyKeys } from './idempotency.service.js';
export type { IdempotencyScope, OnceResult } from './idempotency.service.js';
import './idempotency.jobs.js';
