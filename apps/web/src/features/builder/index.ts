/**
 * The template builder's front door: what the app and other features use of it. The screen is loaded on
 * demand (fabric.js and the editor stay out of the first bundle), so it is offered as a loader, not as a
 * static export; the query is the one the app asks early when a page opens on the builder.
 */
export { BuilderTemplateQuery } from './api/builderTemplate';

/** Loads the builder's screen (a chunk of its own). */
export const loadBuilderScreen = () => import('./BuilderScreen');
