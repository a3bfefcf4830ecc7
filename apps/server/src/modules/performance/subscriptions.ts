/** The performance module's reactions to other modules' events (events/events.ts). */
import { subscribe } from '../../events/index.js';
import { ensureDemoData } from './demo/ensure.js';

/**
 * A user who turns demo mode on sees the demo data set of every client they belong to: it is built (or
 * brought up to yesterday) before setDemoMode answers, so the dashboards show it at once. Registered when
 * a process starts (buildApp); ensuring twice is harmless (a current data set is left alone).
 */
export function registerPerformanceSubscriptions(): void {
  subscribe('demoModeEnabled', 'performance: ensure the demo data set', async ({ clientIds }, ctx) => {
    for (const clientId of clientIds) await ensureDemoData(ctx.db, clientId);
  });
}
