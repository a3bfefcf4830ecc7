/** The words of the question a save asks when feeds use the template (pure, tested without a DOM). */

/** What a template's feeds hold: feeds with a design on it and the ads those designs made (null: unknown). */
export interface FeedUsage {
  feeds: number;
  ads: number | null;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "1 feed, 24 ads" (or "2 feeds" when the ads are not known). */
export function describeFeedUsage(usage: FeedUsage): string {
  const feeds = plural(usage.feeds, 'feed', 'feeds');
  return usage.ads === null ? feeds : `${feeds}, ${plural(usage.ads, 'ad', 'ads')}`;
}

/** The question's sentence: who uses the template and what updating does. */
export function feedsQuestionText(usage: FeedUsage): string {
  const them = usage.feeds === 1 ? 'the feed' : 'the feeds';
  return (
    `${describeFeedUsage(usage)} use this template. Update ${them} to the version you are saving? ` +
    `Their ads are made again with it.`
  );
}

/** The other answer: the feeds stay on the version they use (the newest before this save when known). */
export function keepLabel(versionNumber: number | null): string {
  return versionNumber === null ? 'Keep them on their version' : `Keep them on version ${versionNumber}`;
}
