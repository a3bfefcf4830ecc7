/** The Meta connection (issue 18, data 2): OAuth, encrypted tokens, the Marketing API sync and its jobs. */
export { registerMetaRoutes } from './meta.routes.js';
export { runMetaSync, type MetaSyncOutcome } from './sync.js';
export type { MetaTuning } from './tuning.js';
export { benchMetaBackfill } from './bench-backfill.js';
import './meta.schema.js';
import './meta.jobs.js';
