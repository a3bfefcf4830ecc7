/**
 * The `transform` attribute of a layer. The builder writes one form, `translate(left top) rotate(angle)
 * scale(scaleX scaleY) matrix(±1 0 0 ±1 e f)` (parts at their identity left out; the matrix is the
 * mirror inside the box), and reads it back exactly; any other transform list is read as a matrix and
 * decomposed. The transform grammar (and what a malformed list reads as) is @adloom/template's, shared
 * with the renderer.
 */
import { formatSvgNumber, multiply, parseTransform, parseTransformList, translation } from '@adloom/template';
import { decomposeMatrix, type Placement } from '../model/matrix.js';
import type { LayerGeometry } from '../model/types.js';

/** True when a layer sits at its position without turning, scaling or mirroring. */
export function isUntransformed(geometry: LayerGeometry): boolean {
  return (
    geometry.angle === 0 &&
    geometry.scaleX === 1 &&
    geometry.scaleY === 1 &&
    !geometry.flipX &&
    !geometry.flipY
  );
}

/** The builder's transform of a layer whose content is drawn in its local box. */
export function formatLayerTransform(geometry: LayerGeometry): string {
  const parts = [`translate(${formatSvgNumber(geometry.left)} ${formatSvgNumber(geometry.top)})`];
  if (geometry.angle !== 0) parts.push(`rotate(${formatSvgNumber(geometry.angle)})`);
  if (geometry.scaleX !== 1 || geometry.scaleY !== 1) {
    parts.push(`scale(${formatSvgNumber(geometry.scaleX)} ${formatSvgNumber(geometry.scaleY)})`);
  }
  if (geometry.flipX || geometry.flipY) {
    const e = geometry.flipX ? formatSvgNumber(geometry.width) : '0';
    const f = geometry.flipY ? formatSvgNumber(geometry.height) : '0';
    parts.push(`matrix(${geometry.flipX ? -1 : 1} 0 0 ${geometry.flipY ? -1 : 1} ${e} ${f})`);
  }
  return parts.join(' ');
}

/**
 * The placement written by formatLayerTransform, read exactly; undefined for any other transform.
 * `width` and `height` are the box's, which the mirror matrix must name.
 */
export function readLayerTransform(value: string, width: number, height: number): Placement | undefined {
  const functions = parseTransformList(value);
  if (!functions || functions[0]?.name !== 'translate' || functions[0].args.length !== 2) return undefined;
  const placement: Placement = {
    left: functions[0].args[0]!,
    top: functions[0].args[1]!,
    angle: 0,
    scaleX: 1,
    scaleY: 1,
    flipX: false,
    flipY: false,
  };
  let rest = functions.slice(1);
  if (rest[0]?.name === 'rotate' && rest[0].args.length === 1) {
    placement.angle = rest[0].args[0]!;
    rest = rest.slice(1);
  }
  if (rest[0]?.name === 'scale' && rest[0].args.length === 2 && rest[0].args.every((arg) => arg > 0)) {
    placement.scaleX = rest[0].args[0]!;
    placement.scaleY = rest[0].args[1]!;
    rest = rest.slice(1);
  }
  if (rest[0]?.name === 'matrix') {
    const [a, b, c, d, e, f] = rest[0].args;
    const flipX = a === -1;
    const flipY = d === -1;
    const mirror =
      rest[0].args.length === 6 &&
      Math.abs(a!) === 1 &&
      Math.abs(d!) === 1 &&
      b === 0 &&
      c === 0 &&
      (flipX || flipY) &&
      e === Number(formatSvgNumber(flipX ? width : 0)) &&
      f === Number(formatSvgNumber(flipY ? height : 0));
    if (!mirror) return undefined;
    placement.flipX = flipX;
    placement.flipY = flipY;
    rest = rest.slice(1);
  }
  return rest.length === 0 ? placement : undefined;
}

/**
 * Where a layer's box sits, given its element's transform and where the element draws the box's corner
 * (`origin`, in the element's own coordinates): read exactly from the builder's form, or decomposed.
 */
export function readPlacement(
  transform: string | undefined,
  origin: { x: number; y: number },
  width: number,
  height: number,
): Placement {
  if (transform === undefined || transform.trim() === '') {
    return { left: origin.x, top: origin.y, angle: 0, scaleX: 1, scaleY: 1, flipX: false, flipY: false };
  }
  if (origin.x === 0 && origin.y === 0) {
    const exact = readLayerTransform(transform, width, height);
    if (exact) return exact;
  }
  return decomposeMatrix(multiply(parseTransform(transform), translation(origin.x, origin.y)), width, height);
}
