/**
 * Feeds: their screens (loaded on demand), the feed list and new-feed button a product set shows, and
 * what the builder's preview uses to pick a catalogue.
 */
export { FeedCatalogsQuery } from './api/catalogs';
export { formatItems } from './feedFormat';
export { FeedsList } from './FeedsList';
export { NewFeedButton } from './NewFeedButton';

export const loadFeedsHubSection = () => import('./FeedsHubSection');
export const loadFeedScreen = () => import('./FeedScreen');
export const loadFeedCreativesScreen = () => import('./FeedCreativesScreen');
export const loadFeedPreviewScreen = () => import('./FeedPreviewScreen');
export const loadFeedDesignScreen = () => import('./FeedDesignScreen');
