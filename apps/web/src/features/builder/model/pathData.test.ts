import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPathData, localizePath, parsePathData, pathBounds } from './pathData.js';

describe('path data', () => {
  it('reads relative, shorthand and compact commands as absolute ones', () => {
    expect(formatPathData(parsePathData('m10 10 h5 v5 l-5 0 z'))).toBe('M10 10 L15 10 L15 15 L10 15 Z');
    expect(formatPathData(parsePathData('M0 0 10 10 20 0'))).toBe('M0 0 L10 10 L20 0');
    expect(formatPathData(parsePathData('M0 0 C0 10 10 10 10 0 S20 -10 20 0'))).toBe(
      'M0 0 C0 10 10 10 10 0 C10 -10 20 -10 20 0',
    );
    expect(formatPathData(parsePathData('M0 0 Q5 10 10 0 T20 0'))).toBe('M0 0 Q5 10 10 0 Q15 -10 20 0');
    expect(formatPathData(parsePathData('M0 0a5 5 0 01 10 0'))).toBe('M0 0 A5 5 0 0 1 10 0');
    expect(formatPathData(parsePathData('M.5-.5L1e1,2'))).toBe('M0.5 -0.5 L10 2');
  });

  it('refuses malformed data', () => {
    expect(() => parsePathData('L0 0')).toThrow(RangeError);
    expect(() => parsePathData('M0 0 L1')).toThrow(RangeError);
    expect(() => parsePathData('M0 0 X1 1')).toThrow(RangeError);
    expect(() => parsePathData('M0 0 Z 1 1')).toThrow(RangeError);
  });

  it('measures curves and arcs at their extremes, not their control points', () => {
    expect(pathBounds(parsePathData('M0 0 C0 -10 10 -10 10 0'))).toEqual({
      minX: 0,
      minY: -7.5,
      maxX: 10,
      maxY: 0,
    });
    expect(pathBounds(parsePathData('M0 0 Q5 10 10 0'))).toEqual({ minX: 0, minY: 0, maxX: 10, maxY: 5 });
    const circle = pathBounds(parsePathData('M0 10 A10 10 0 0 1 20 10 A10 10 0 0 1 0 10 Z'))!;
    expect(
      [circle.minX, circle.minY, circle.maxX, circle.maxY].map((value) => Math.round(value * 1e6) / 1e6),
    ).toEqual([0, 0, 20, 20]);
    // The upper half only: the sweep decides which half is drawn.
    const half = pathBounds(parsePathData('M0 10 A10 10 0 0 1 20 10'))!;
    expect(Math.round(half.minY * 1e6) / 1e6).toBe(0);
    expect(Math.round(half.maxY * 1e6) / 1e6).toBe(10);
  });

  it('settles a large arc whose bounds move more than its rounded end points (found by fast-check)', () => {
    const local = localizePath(
      'M0 0 C0 0 0 0 -1.5714285714285714 -713.5714285714286 A214 1 66 1 0 110 109 Q0 0 0 0',
    );
    expect(localizePath(local.d)).toEqual({ ...local, offset: { x: 0, y: 0 } });
  });

  it('moves data into its box once and for all: localizing the result changes nothing', () => {
    const coordinate = fc.integer({ min: -5000, max: 5000 }).map((value) => value / 7);
    const segment = fc.oneof(
      fc.tuple(coordinate, coordinate).map(([x, y]) => `L${x} ${y}`),
      fc
        .tuple(coordinate, coordinate, coordinate, coordinate, coordinate, coordinate)
        .map((values) => `C${values.join(' ')}`),
      fc.tuple(coordinate, coordinate, coordinate, coordinate).map((values) => `Q${values.join(' ')}`),
      fc
        .tuple(
          fc.integer({ min: 1, max: 300 }),
          fc.integer({ min: 1, max: 300 }),
          fc.integer({ min: 0, max: 359 }),
          fc.boolean(),
          fc.boolean(),
          coordinate,
          coordinate,
        )
        .map(
          ([rx, ry, rotation, large, sweep, x, y]) =>
            `A${rx} ${ry} ${rotation} ${large ? 1 : 0} ${sweep ? 1 : 0} ${x} ${y}`,
        ),
    );
    fc.assert(
      fc.property(
        coordinate,
        coordinate,
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        (x, y, segments) => {
          const local = localizePath(`M${x} ${y} ${segments.join(' ')}`);
          const again = localizePath(local.d);
          expect(again).toEqual({
            d: local.d,
            offset: { x: 0, y: 0 },
            width: local.width,
            height: local.height,
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
