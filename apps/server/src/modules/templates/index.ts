/**
 * Ad templates and their versions, and the starter library every client begins with (seeded by a job
 * queued at start).
 */
export { MAX_TEMPLATE_CHARS } from './template-analysis.js';
export { queueTemplateLibrarySeed } from './library/seed.jobs.js';
export { starterThumbnails, type StarterThumbnail } from './library/thumbnails.js';
export { starterAutoTagKeys, starterVersionIds } from './library/starter-facts.js';
import './templates.schema.js';
