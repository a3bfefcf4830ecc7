/**
 * Imports every module that registers a job handler (registerJobHandler), so that the worker and web
 * processes know them all. Add one line per module, e.g.
 *   import '../modules/feeds/generation/generation.jobs.js';
 */
import '../modules/feeds/generation.jobs.js';
import '../modules/catalogs/import.jobs.js';
import '../modules/catalogs/lost-imports.jobs.js';
import '../modules/feeds/lost-generation.jobs.js';
import '../modules/feeds/preview.js';
import '../modules/templates/library/seed.jobs.js';
import '../modules/idempotency/idempotency.jobs.js';
