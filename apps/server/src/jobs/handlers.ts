/**
 * Imports every module that registers a job handler (registerJobHandler, in its *.jobs.ts, loaded by
 * the module's index.ts), so that the worker and web processes know them all. Add one line per module.
 */
import '../modules/feeds/index.js';
import '../modules/catalogs/index.js';
import '../modules/templates/index.js';
import '../modules/idempotency/index.js';
import '../modules/performance/index.js';
