import type { ResultOf } from 'gql.tada';
import type { FeedQuery } from './api/feed';
import type { FeedCreativesQuery } from './api/feedCreatives';
import type { FeedsQuery } from './api/feeds';
import type { FeedTemplatesQuery } from './api/feedTemplates';

export type FeedSummary = ResultOf<typeof FeedsQuery>['feeds'][number];
export type FeedDetail = NonNullable<ResultOf<typeof FeedQuery>['feed']>;
export type FeedCounts = FeedDetail['counts'];
export type FeedDesign = FeedDetail['designs'][number];
export type Creative = ResultOf<typeof FeedCreativesQuery>['feedCreatives']['creatives'][number];
export type CreativeStatus = Creative['status'];
export type FeedTemplate = ResultOf<typeof FeedTemplatesQuery>['productCatalogTemplates'][number];
export type TemplateSlot = FeedTemplate['slots'][number];

/**
 * Queries that must refetch after any feed mutation. A list can be empty and a creatives page holds no
 * feed, so neither carries the typename the cache invalidates by; a deleted feed comes back as null.
 */
export const feedsContext = { additionalTypenames: ['Feed'] };

/** How often a generating feed is read again (the brief: every 2 s until it is READY). */
export const FEED_POLL_MS = 2000;
