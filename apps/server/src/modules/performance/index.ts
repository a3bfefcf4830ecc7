/**
 * Advertising performance (issue 18): ad accounts, campaigns, ad sets, ads and their daily insights and
 * breakdowns, from Meta (meta/), Ads Manager exports (import/) and the demo data set (demo/); the
 * dashboards' queries (dashboards/). Every source writes through facts.ts.
 */
export {
  ensureAccount,
  upsertAdTree,
  upsertDailyInsights,
  upsertBreakdownInsights,
  refreshCampaignRollup,
  dayRange,
  type AdTreeInput,
  type DailyInsightInput,
  type BreakdownInsightInput,
  type MetricsInput,
} from './facts.js';
export { registerPerformanceRoutes } from './dashboards/report.routes.js';
export { ensureDemoData, demoToday } from './demo/ensure.js';
export { queueDemoDataRefresh } from './demo/refresh.jobs.js';
export { registerPerformanceSubscriptions } from './subscriptions.js';
export {
  EXTRACT_FEATURES_JOB,
  extractClientFeatures,
  extractionProgress,
  measureExtraction,
  requestFeatureExtraction,
  type ExtractionMeasure,
} from './creative-features/extract/index.js';
export { benchMetaBackfill, registerMetaRoutes, runMetaSync, type MetaTuning } from './meta/index.js';
import './performance.schema.js';
import './dashboards/overview.schema.js';
import './dashboards/ranking.schema.js';
import './demo/demo.schema.js';
import './import/import.schema.js';
import './import/import.jobs.js';
import './creative-features/extract/extract.jobs.js';
import './creative-features/rollup.jobs.js';
import './dashboards/report.schema.js';
import './dashboards/alerts.schema.js';
import './dpa/dpa.schema.js';
import './creative-features/creative-features.schema.js';
