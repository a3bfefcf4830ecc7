import { registerPeriodicJob } from '../../jobs/registry.js';
import { purgeIdempotencyKeys } from './idempotency.service.js';

/** Every hour, keys past their 24 hours are deleted (a claim ignores them meanwhile). */
export const PURGE_IDEMPOTENCY_KEYS = 'purge-idempotency-keys';
registerPeriodicJob(PURGE_IDEMPOTENCY_KEYS, 3600, async (ctx) => ({
  purged: await purgeIdempotencyKeys(ctx.db),
}));
