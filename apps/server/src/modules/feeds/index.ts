/** Feeds: the public surface other modules use. */
export { FEED_STATUS_DESCRIPTION, feedStatus, isGenerating, type FeedStatus } from './feed-status.js';
export { feedCounts, type FeedCounts } from './feeds.service.js';
