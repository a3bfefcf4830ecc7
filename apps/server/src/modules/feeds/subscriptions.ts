/** Feeds' reactions to other modules' events (events/events.ts). */
import { subscribe } from '../../events/index.js';
import { regenerateForCatalog } from './feeds.service.js';

/**
 * A new catalogue version brings the feeds of its product sets up to date. Registered when a process
 * starts (buildApp); regenerating twice is harmless (unchanged items keep their ads).
 */
export function registerFeedsSubscriptions(): void {
  subscribe(
    'catalogVersionImported',
    'feeds: regenerate the catalogue’s feeds',
    async ({ catalogId }, ctx) => {
      await regenerateForCatalog(ctx, catalogId);
    },
  );
}
