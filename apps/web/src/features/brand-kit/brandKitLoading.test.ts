import { describe, expect, it } from 'vitest';
import {
  brandKitLoadingReducer,
  initialLoadingState,
  loadingCounters,
  type BrandKitLoadingAction,
} from './brandKitLoading';

const run = (actions: BrandKitLoadingAction[]) => actions.reduce(brandKitLoadingReducer, initialLoadingState);
const items = { GUIDE: ['g1'], FONT: ['f1', 'f2'], AUDIO: [], LOGO: ['l1', 'l2', 'l3'] };

describe('brand kit loading counters', () => {
  it('start with every shown item and count down as items finish', () => {
    expect(loadingCounters(initialLoadingState, items)).toEqual({ GUIDE: 1, FONT: 2, AUDIO: 0, LOGO: 3 });
    const state = run([
      { type: 'finished', kind: 'FONT', id: 'f1' },
      { type: 'finished', kind: 'LOGO', id: 'l2' },
      { type: 'finished', kind: 'LOGO', id: 'l2' },
      { type: 'finished', kind: 'GUIDE', id: 'g1' },
    ]);
    expect(loadingCounters(state, items)).toEqual({ GUIDE: 0, FONT: 1, AUDIO: 0, LOGO: 2 });
  });

  it('count uploads under way until they end, never below zero', () => {
    const uploading = run([{ type: 'started', kind: 'AUDIO', count: 2 }]);
    expect(loadingCounters(uploading, items).AUDIO).toBe(2);
    const one = brandKitLoadingReducer(uploading, { type: 'ended', kind: 'AUDIO', count: 1 });
    expect(loadingCounters(one, { ...items, AUDIO: ['a1'] }).AUDIO).toBe(2);
    const done = run([
      { type: 'started', kind: 'AUDIO', count: 1 },
      { type: 'ended', kind: 'AUDIO', count: 3 },
      { type: 'finished', kind: 'AUDIO', id: 'a1' },
    ]);
    expect(loadingCounters(done, { ...items, AUDIO: ['a1'] }).AUDIO).toBe(0);
  });

  it('keeps the same state when an item finishes twice', () => {
    const once = run([{ type: 'finished', kind: 'FONT', id: 'f1' }]);
    expect(brandKitLoadingReducer(once, { type: 'finished', kind: 'FONT', id: 'f1' })).toBe(once);
  });
});
