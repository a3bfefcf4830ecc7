/**
 * The `transform` attribute of a layer. The builder writes one form, `translate(left top) rotate(angle)
 * scale(scaleX scaleY) matrix(±1 0 0 ±1 e f)` (parts at their identity left out; the matrix is the
 * mirror inside the box), and reads it back exactly; any other transform list is read as a matrix and
 * decomposed.
 */
import {
  IDENTITY,
  decomposeMatrix,
  multiply,
  rotation,
  scaling,
  translation,
  type LayerGeometry,
  type Matrix,
  type Placement,
} from '../model/index.js';
import { formatNumber } from './xmlText.js';

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
  const parts = [`translate(${formatNumber(geometry.left)} ${formatNumber(geometry.top)})`];
  if (geometry.angle !== 0) parts.push(`rotate(${formatNumber(geometry.angle)})`);
  if (geometry.scaleX !== 1 || geometry.scaleY !== 1) {
    parts.push(`scale(${formatNumber(geometry.scaleX)} ${formatNumber(geometry.scaleY)})`);
  }
  if (geometry.flipX || geometry.flipY) {
    const e = geometry.flipX ? formatNumber(geometry.width) : '0';
    const f = geometry.flipY ? formatNumber(geometry.height) : '0';
    parts.push(`matrix(${geometry.flipX ? -1 : 1} 0 0 ${geometry.flipY ? -1 : 1} ${e} ${f})`);
  }
  return parts.join(' ');
}

interface TransformFunction {
  name: string;
  args: number[];
}

const FUNCTION = /\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?/y;

/** The functions of a transform list; undefined when it is malformed. */
function parseFunctions(value: string): TransformFunction[] | undefined {
  const functions: TransformFunction[] = [];
  FUNCTION.lastIndex = 0;
  while (FUNCTION.lastIndex < value.length) {
    const start = FUNCTION.lastIndex;
    const match = FUNCTION.exec(value);
    if (!match) return value.slice(start).trim() === '' ? functions : undefined;
    const args = match[2]!
      .trim()
      .split(/[\s,]+/)
      .filter((part) => part !== '')
      .map(Number);
    if (args.some((arg) => !Number.isFinite(arg))) return undefined;
    functions.push({ name: match[1]!, args });
  }
  return functions;
}

function functionMatrix({ name, args }: TransformFunction): Matrix {
  const [p = 0, q, r, s, t, u] = args;
  switch (name) {
    case 'matrix':
      return args.length === 6 ? [p, q!, r!, s!, t!, u!] : IDENTITY;
    case 'translate':
      return translation(p, q ?? 0);
    case 'scale':
      return scaling(p, q ?? p);
    case 'rotate':
      return multiply(multiply(translation(q ?? 0, r ?? 0), rotation(p)), translation(-(q ?? 0), -(r ?? 0)));
    case 'skewX':
      return [1, 0, Math.tan((p * Math.PI) / 180), 1, 0, 0];
    case 'skewY':
      return [1, Math.tan((p * Math.PI) / 180), 0, 1, 0, 0];
    default:
      return IDENTITY;
  }
}

/** A transform list as one matrix; a malformed list is the identity (as SVG engines ignore it). */
export function parseTransform(value: string | undefined): Matrix {
  const functions = value === undefined ? [] : (parseFunctions(value) ?? []);
  return functions.reduce<Matrix>((matrix, fn) => multiply(matrix, functionMatrix(fn)), IDENTITY);
}

/**
 * The placement written by formatLayerTransform, read exactly; undefined for any other transform.
 * `width` and `height` are the box's, which the mirror matrix must name.
 */
export function readLayerTransform(value: string, width: number, height: number): Placement | undefined {
  const functions = parseFunctions(value);
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
      e === Number(formatNumber(flipX ? width : 0)) &&
      f === Number(formatNumber(flipY ? height : 0));
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
