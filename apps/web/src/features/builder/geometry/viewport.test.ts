import { describe, expect, it } from 'vitest';
import { anchoredScroll, newLayerPlace, visibleCentre, wheelZoom } from './viewport';

describe('wheelZoom', () => {
  it('zooms in for a wheel up (or a pinch out) and out for a wheel down, a notch about 18%', () => {
    expect(wheelZoom(1, { deltaY: -100 })).toBeCloseTo(1.221, 3);
    expect(wheelZoom(1, { deltaY: 100 })).toBeCloseTo(0.819, 3);
    // A pinch sends many small deltas: each zooms a little.
    expect(wheelZoom(1, { deltaY: -3 })).toBe(1.006);
  });

  it('treats a line-mode wheel and a fling as one notch at most', () => {
    expect(wheelZoom(1, { deltaY: 3, deltaMode: 1 })).toBe(wheelZoom(1, { deltaY: 100 }));
    expect(wheelZoom(1, { deltaY: -5000 })).toBe(wheelZoom(1, { deltaY: -100 }));
  });

  it('stays within 0.25..2, but does not push a smaller fit zoom up', () => {
    expect(wheelZoom(1.9, { deltaY: -100 })).toBe(2);
    expect(wheelZoom(0.27, { deltaY: 100 })).toBe(0.25);
    expect(wheelZoom(0.18, { deltaY: 100 })).toBe(0.18);
    expect(wheelZoom(0.18, { deltaY: -100 })).toBeCloseTo(0.22, 2);
  });
});

describe('anchoredScroll', () => {
  it('keeps the canvas point under the pointer in place', () => {
    // The canvas starts at (100, 50) on screen; the pointer is 200 px right of it: 400 units at 0.5.
    const scroll = anchoredScroll({
      scroll: { x: 0, y: 0 },
      pointer: { x: 300, y: 150 },
      canvasBefore: { x: 100, y: 50 },
      canvasAfter: { x: 100, y: 50 },
      zoomBefore: 0.5,
      zoomAfter: 1,
    });
    // At zoom 1 the unit (400, 200) is at (500, 250) on screen: scroll by (200, 100) to bring it back.
    expect(scroll).toEqual({ x: 200, y: 100 });
  });

  it('allows for a canvas that moved when it grew (a centred canvas)', () => {
    const scroll = anchoredScroll({
      scroll: { x: 10, y: 0 },
      pointer: { x: 300, y: 300 },
      canvasBefore: { x: 200, y: 200 },
      canvasAfter: { x: 150, y: 150 },
      zoomBefore: 1,
      zoomAfter: 2,
    });
    expect(scroll).toEqual({ x: 60, y: 50 });
  });
});

describe('visibleCentre', () => {
  it('is the canvas point at the middle of the viewport', () => {
    const viewport = { left: 300, top: 200, width: 600, height: 400 };
    // The canvas is scrolled: its corner is 100 px left and above the viewport's.
    const canvas = { left: 200, top: 100, width: 1080, height: 1080 };
    expect(visibleCentre(viewport, canvas, 1, { width: 1080, height: 1080 })).toEqual({ x: 400, y: 300 });
    expect(visibleCentre(viewport, canvas, 0.5, { width: 1080, height: 1080 })).toEqual({ x: 800, y: 600 });
  });

  it('stays on the canvas when the viewport shows space beside it', () => {
    const viewport = { left: 0, top: 0, width: 600, height: 400 };
    const canvas = { left: 400, top: 300, width: 100, height: 100 };
    expect(visibleCentre(viewport, canvas, 1, { width: 100, height: 100 })).toEqual({ x: 0, y: 0 });
  });
});

describe('newLayerPlace', () => {
  it('centres a new layer on the visible centre', () => {
    expect(newLayerPlace({ width: 200, height: 100 }, { x: 540, y: 540 }, [])).toEqual({
      left: 440,
      top: 490,
    });
  });

  it('moves each new layer by 20 while the one before is still where it landed', () => {
    const size = { width: 200, height: 200 };
    const centre = { x: 540, y: 540 };
    const first = newLayerPlace(size, centre, []);
    const second = newLayerPlace(size, centre, [first]);
    const third = newLayerPlace(size, centre, [first, second]);
    expect([first, second, third]).toEqual([
      { left: 440, top: 440 },
      { left: 460, top: 460 },
      { left: 480, top: 480 },
    ]);
    // Once the first was moved away, the next new one takes the centre again.
    expect(newLayerPlace(size, centre, [{ left: 0, top: 0 }, second])).toEqual(first);
  });
});
