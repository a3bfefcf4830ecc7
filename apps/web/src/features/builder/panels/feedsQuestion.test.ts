import { describe, expect, it } from 'vitest';
import { describeFeedUsage, feedsQuestionText, keepLabel } from './feedsQuestion';

describe('the question a save asks when feeds use the template', () => {
  it('counts feeds and ads in the singular and plural', () => {
    expect(describeFeedUsage({ feeds: 1, ads: 24 })).toBe('1 feed, 24 ads');
    expect(describeFeedUsage({ feeds: 2, ads: 1 })).toBe('2 feeds, 1 ad');
    expect(describeFeedUsage({ feeds: 3, ads: 0 })).toBe('3 feeds, 0 ads');
  });

  it('names only the feeds when the ads could not be counted', () => {
    expect(describeFeedUsage({ feeds: 2, ads: null })).toBe('2 feeds');
  });

  it('asks about the feed or the feeds, and offers to keep the version they use', () => {
    expect(feedsQuestionText({ feeds: 1, ads: 3 })).toBe(
      '1 feed, 3 ads use this template. Update the feed to the version you are saving? Their ads are made again with it.',
    );
    expect(feedsQuestionText({ feeds: 2, ads: 5 })).toContain('Update the feeds');
    expect(keepLabel(4)).toBe('Keep them on version 4');
    expect(keepLabel(null)).toBe('Keep them on their version');
  });
});
