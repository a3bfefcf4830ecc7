import { describe, expect, it } from 'vitest';
import { feedStatus } from './feed-status.js';

describe('feedStatus', () => {
  it('is GENERATING while items are pending or in progress', () => {
    expect(feedStatus({ pendingCount: 1, inProgressCount: 0 })).toBe('GENERATING');
    expect(feedStatus({ pendingCount: 0, inProgressCount: 2 })).toBe('GENERATING');
  });

  it('is READY when no item waits or runs, whatever the other counts say', () => {
    const finished = { pendingCount: 0, inProgressCount: 0, generatedCount: 5, failedCount: 3 };
    expect(feedStatus(finished)).toBe('READY');
  });
});
