/** What a feed's status says: the one rule the feed list, a template's feeds and the feed counts share. */
export type FeedStatus = 'GENERATING' | 'READY';

/** The GraphQL description of every field that shows a {@link feedStatus}. */
export const FEED_STATUS_DESCRIPTION = 'GENERATING while items are pending or in progress, else READY.';

type GenerationCounts = { pendingCount: number; inProgressCount: number };

/** True while some of the feed's items are pending or in progress. */
export function isGenerating(counts: GenerationCounts): boolean {
  return counts.pendingCount + counts.inProgressCount > 0;
}

/** GENERATING while some of the feed's items are pending or in progress, else READY. */
export function feedStatus(counts: GenerationCounts): FeedStatus {
  return isGenerating(counts) ? 'GENERATING' : 'READY';
}
