/**
 * Feeds: a product set × designs, generated into ads and exported to ad networks. The public surface other
 * modules and the app use; feeds react to a new catalogue version through registerFeedsSubscriptions.
 */
export { FEED_STATUS_DESCRIPTION, feedStatus, isGenerating, type FeedStatus } from './feed-status.js';
export { feedCounts, type FeedCounts } from './feeds.service.js';
export {
  feedsUsingTemplate,
  regenerateForTemplate,
  templateFeedUsage,
  type TemplateFeedUsage,
} from './design-versions.js';
export { FEED_COUNTS } from './feed-loaders.js';
export { generatedCreatives, type GeneratedCreative } from './generated-creatives.js';
export {
  creativeTemplateVersions,
  feedsWithCatalog,
  generatedCreativesOfItems,
  type FeedWithCatalog,
  type ItemCreative,
} from './catalog-ad-links.js';
export { ownFeed } from './feeds.service.js';
export { creativeOriginsByKey, creativeOriginsByMd5, type CreativeOrigin } from './creative-origins.js';
export { registerExportRoutes } from './export.routes.js';
export { registerLivePreviewRoutes } from './live-preview-inputs.js';
export { registerFeedsSubscriptions } from './subscriptions.js';
import './feeds.schema.js';
import './live-preview-inputs.schema.js';
import './layer-warnings.schema.js';
import './generation.jobs.js';
import './lost-generation.jobs.js';
import './ad-preview-job.js';
import './image-recheck/image-recheck.jobs.js';
