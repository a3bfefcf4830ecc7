import { describe, expect, it } from 'vitest';
import { brandSwatches, hasRoomForColor, normalizeHexColor, paintOf, paintText } from './paint';
import { PendingBrandColors } from './pendingBrandColors';

const kit = [
  { id: 'a', name: 'Brand red', textContent: '#D81B60' },
  { id: 'b', name: 'Sky', textContent: '#1e88e5' },
];

describe('normalizeHexColor', () => {
  it('writes hex colours as the brand kit stores them', () => {
    expect(normalizeHexColor('#D81B60')).toBe('#d81b60');
    expect(normalizeHexColor('d81b60')).toBe('#d81b60');
    expect(normalizeHexColor(' #abc ')).toBe('#aabbcc');
    expect(normalizeHexColor('#abcd')).toBe('#aabbccdd');
    expect(normalizeHexColor('#11223344')).toBe('#11223344');
  });

  it('refuses what is not a hex colour', () => {
    for (const text of ['', '#', '#12', '#12345', 'red', 'url(#g)', '#ggg000']) {
      expect(normalizeHexColor(text)).toBeNull();
    }
  });
});

describe('paintOf', () => {
  it('tells none, gradients, colours and other values apart', () => {
    expect(paintOf(null)).toEqual({ kind: 'none' });
    expect(paintOf('none')).toEqual({ kind: 'none' });
    expect(paintOf('url(#sunset)')).toEqual({ kind: 'gradient', ref: 'sunset' });
    expect(paintOf("url('#sunset')")).toEqual({ kind: 'gradient', ref: 'sunset' });
    expect(paintOf('#FFF')).toEqual({ kind: 'color', hex: '#ffffff' });
    expect(paintOf('rgb(1, 2, 3)')).toEqual({ kind: 'other', text: 'rgb(1, 2, 3)' });
  });

  it('shows a gradient as its url, not as a colour', () => {
    expect(paintText(paintOf('url(#sunset)'))).toBe('url(#sunset)');
    expect(paintText(paintOf(null))).toBe('');
    expect(paintText(paintOf('#ABCDEF'))).toBe('#abcdef');
  });
});

describe('brand swatches', () => {
  it('lists the kit colours, then the colours being saved', () => {
    const pending = [{ key: 'pending-1', name: 'New Color', textContent: '#00ff00', savedId: null }];
    expect(brandSwatches(kit, pending)).toEqual([
      { key: 'a', name: 'Brand red', hex: '#d81b60', pending: false },
      { key: 'b', name: 'Sky', hex: '#1e88e5', pending: false },
      { key: 'pending-1', name: 'New Color', hex: '#00ff00', pending: true },
    ]);
  });

  it('keeps a saved colour until the kit lists it, then shows it once', () => {
    const saved = [{ key: 'pending-1', name: 'New Color', textContent: '#00ff00', savedId: 'c' }];
    expect(brandSwatches(kit, saved).map((swatch) => swatch.key)).toEqual(['a', 'b', 'pending-1']);
    const refetched = [...kit, { id: 'c', name: 'New Color', textContent: '#00ff00' }];
    expect(brandSwatches(refetched, saved).map((swatch) => swatch.key)).toEqual(['a', 'b', 'c']);
  });

  it('counts colours being saved against the limit', () => {
    const pending = [{ key: 'pending-1', name: 'New Color', textContent: '#00ff00', savedId: null }];
    expect(hasRoomForColor({ count: 19, maxItems: 20 }, [], kit)).toBe(true);
    expect(hasRoomForColor({ count: 19, maxItems: 20 }, pending, kit)).toBe(false);
    expect(hasRoomForColor({ count: 20, maxItems: 20 }, [], kit)).toBe(false);
    expect(hasRoomForColor(undefined, pending, kit)).toBe(true);
  });
});

describe('PendingBrandColors', () => {
  it('shows a colour at once, drops it when its save fails, and forgets it once the kit lists it', () => {
    const store = new PendingBrandColors();
    let notified = 0;
    store.subscribe(() => (notified += 1));
    const failing = store.add('New Color', '#111111');
    const succeeding = store.add('New Color', '#222222');
    expect(store.getSnapshot().map((color) => color.textContent)).toEqual(['#111111', '#222222']);
    store.remove(failing);
    expect(store.getSnapshot().map((color) => color.key)).toEqual([succeeding]);
    store.saved(succeeding, 'kit-id');
    expect(store.getSnapshot()[0]!.savedId).toBe('kit-id');
    store.settle(new Set(['other']));
    expect(store.getSnapshot()).toHaveLength(1);
    store.settle(new Set(['kit-id']));
    expect(store.getSnapshot()).toEqual([]);
    expect(notified).toBe(5);
  });
});
