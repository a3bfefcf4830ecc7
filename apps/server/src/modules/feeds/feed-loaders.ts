/** The feed reads a list asks for once per row, each batched into one query per request (graphql/loaders.ts). */
import type { FeedDesignRow } from '../../db/schema.js';
import { batchLoad } from '../../graphql/loaders.js';
import { designsOfFeeds, feedCountsOf, type FeedCounts } from './feeds.service.js';
import { designVersionsOf, type DesignVersionInfo } from './design-versions.js';
import { firstCreativeKeysOf } from './design-creatives.js';

/** A feed's counts by its id, batched per request. */
export const FEED_COUNTS = batchLoad<string, FeedCounts>(feedCountsOf);

/** A feed's designs (in order) by its id, batched per request. */
export const FEED_DESIGNS = batchLoad<string, FeedDesignRow[]>(designsOfFeeds);

/** The template version a design is on (with its template's newest version) by version id, batched per request. */
export const DESIGN_VERSIONS = batchLoad<string, DesignVersionInfo | null>(designVersionsOf);

/** A design's first generated ad (its stored image key; null before one) by design id, batched per request. */
export const DESIGN_FIRST_CREATIVES = batchLoad<string, string | null>(firstCreativeKeysOf);
