import { describe, expect, it } from 'vitest';
import {
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP,
  canZoomIn,
  canZoomOut,
  clampZoom,
  resetZoom,
  zoomIn,
  zoomOut,
  zoomToFit,
  FIT_ZOOM_MIN,
} from './zoom';

describe('the spec constants', () => {
  it('zooms between 0.25 and 2 in steps of 0.1', () => {
    expect([ZOOM_MIN, ZOOM_MAX, ZOOM_STEP]).toEqual([0.25, 2, 0.1]);
  });
});

describe('zoomIn and zoomOut', () => {
  it('step by exactly 0.1, without float noise', () => {
    expect(zoomIn(0.3)).toBe(0.4);
    expect(zoomIn(0.1 + 0.2)).toBe(0.4);
    expect(zoomOut(0.7)).toBe(0.6);
    expect(zoomIn(1)).toBe(1.1);
    expect(zoomOut(1)).toBe(0.9);
    expect(zoomIn(1.1)).toBe(1.2);
  });

  it('read a noisy grid value (from float arithmetic elsewhere) as the grid value it means', () => {
    // 0.7 + 0.1 is 0.7999999999999999: zooming in goes to 0.9, not back to 0.8.
    expect(zoomIn(0.7 + 0.1)).toBe(0.9);
    // 0.4 + 0.2 is 0.6000000000000001: zooming out goes to 0.5, not to 0.6.
    expect(zoomOut(0.4 + 0.2)).toBe(0.5);
  });

  it('walk the whole grid from 0.25 up to 2 and back down to 0.25', () => {
    const up = [0.25];
    while (canZoomIn(up[up.length - 1]!)) up.push(zoomIn(up[up.length - 1]!));
    expect(up).toEqual([0.25, ...Array.from({ length: 18 }, (_, i) => (i + 3) / 10)]);
    expect(up[up.length - 1]).toBe(2);

    const down = [2];
    while (canZoomOut(down[down.length - 1]!)) down.push(zoomOut(down[down.length - 1]!));
    expect(down).toEqual([...Array.from({ length: 18 }, (_, i) => (20 - i) / 10), 0.25]);
  });

  it('stop at the bounds', () => {
    expect(zoomIn(2)).toBe(2);
    expect(zoomIn(1.95)).toBe(2);
    expect(zoomOut(0.25)).toBe(0.25);
    expect(zoomOut(0.3)).toBe(0.25);
    expect(zoomOut(0.28)).toBe(0.25);
  });

  it('go from a zoom off the grid to the next grid value in that direction', () => {
    expect(zoomIn(0.25)).toBe(0.3);
    expect(zoomIn(0.47)).toBe(0.5);
    expect(zoomOut(0.47)).toBe(0.4);
    expect(zoomIn(1.234)).toBe(1.3);
    expect(zoomOut(1.234)).toBe(1.2);
  });

  it('bring a zoom outside the range back into it', () => {
    expect(zoomIn(5)).toBe(2);
    expect(zoomOut(5)).toBe(2);
    expect(zoomIn(0.1)).toBe(0.25);
    expect(zoomOut(0.1)).toBe(0.25);
  });
});

describe('canZoomIn and canZoomOut', () => {
  it('allow zooming in only while below 2', () => {
    expect(canZoomIn(1.9)).toBe(true);
    expect(canZoomIn(1.999)).toBe(true);
    expect(canZoomIn(2)).toBe(false);
  });
  it('allow zooming out only while above 0.25', () => {
    expect(canZoomOut(0.3)).toBe(true);
    expect(canZoomOut(0.251)).toBe(true);
    expect(canZoomOut(0.25)).toBe(false);
  });
});

describe('resetZoom and clampZoom', () => {
  it('resets to 1', () => expect(resetZoom()).toBe(1));
  it('clamps to 0.25..2', () => {
    expect(clampZoom(0.1)).toBe(0.25);
    expect(clampZoom(0.8)).toBe(0.8);
    expect(clampZoom(3)).toBe(2);
  });
});

describe('zoomToFit', () => {
  it('fits the limiting side of the canvas in the viewport', () => {
    expect(zoomToFit({ width: 1080, height: 1920 }, { width: 1200, height: 960 })).toBe(0.5);
    expect(zoomToFit({ width: 1080, height: 1080 }, { width: 800, height: 600 })).toBe(0.55);
  });
  it('leaves the padding free on every side', () => {
    expect(zoomToFit({ width: 1000, height: 500 }, { width: 1040, height: 1000 }, 20)).toBe(1);
    expect(zoomToFit({ width: 1080, height: 1080 }, { width: 800, height: 600 }, 30)).toBe(0.5);
  });
  it('rounds down to a whole percent, so that the canvas fits and the zoom reads as shown', () => {
    expect(zoomToFit({ width: 1080, height: 1920 }, { width: 700, height: 700 })).toBe(0.36);
  });
  it('goes below the spec steps’ minimum for a big canvas in a small window, down to 0.1, and up to 2', () => {
    expect(zoomToFit({ width: 1080, height: 1920 }, { width: 400, height: 400 })).toBe(0.2);
    expect(zoomToFit({ width: 3000, height: 3000 }, { width: 200, height: 200 })).toBe(FIT_ZOOM_MIN);
    expect(zoomToFit({ width: 50, height: 50 }, { width: 1000, height: 1000 })).toBe(2);
    expect(zoomToFit({ width: 1080, height: 1080 }, { width: 40, height: 40 }, 30)).toBe(FIT_ZOOM_MIN);
  });
});
