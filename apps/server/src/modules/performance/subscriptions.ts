/** The performance module's reactions to other modules' events (events/events.ts). */
import { subscribe } from '../../events/index.js';
import { requestFeatureExtraction } from './creative-features/extract/extract.jobs.js';
import { ensureDemoData } from './demo/ensure.js';

/**
 * A user who turns demo mode on sees the demo data set of every client they belong to: it is built (or
 * brought up to yesterday) before setDemoMode answers, so the dashboards show it at once; its creatives'
 * features follow in a job. Registered when a process starts (buildApp); ensuring twice is harmless (a
 * current data set is left alone), and so is asking twice for features (one job waits per client).
 */
export function registerPerformanceSubscriptions(): void {
  subscribe('demoModeEnabled', 'performance: ensure the demo data set', async ({ clientIds }, ctx) => {
    for (const clientId of clientIds) {
      await ensureDemoData(ctx.db, clientId);
      await requestFeatureExtraction(ctx, clientId);
    }
  });
  // A feed's new creatives get their features, so its ads and the galleries can use them.
  subscribe(
    'feedCreativesGenerated',
    'performance: compute the features of the new creatives',
    async ({ clientId }, ctx) => {
      await requestFeatureExtraction(ctx, clientId);
    },
  );
}
