/**
 * SVG path data: parsed into absolute commands (M L C Q A Z), moved, measured exactly (curve and arc
 * extremes included, as fabric.js measures a path) and written back in one canonical form.
 */
import { LENGTH_DECIMALS, roundLength } from './numbers.js';
import type { Bounds } from './matrix.js';
import type { Point } from './types.js';

export type PathCommand =
  | { type: 'M' | 'L'; x: number; y: number }
  | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { type: 'Q'; x1: number; y1: number; x: number; y: number }
  | {
      type: 'A';
      rx: number;
      ry: number;
      rotation: number;
      largeArc: boolean;
      sweep: boolean;
      x: number;
      y: number;
    }
  | { type: 'Z' };

const COMMAND_LETTERS: ReadonlySet<string> = new Set('mlhvcsqtaz');

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;

class PathScanner {
  index = 0;
  constructor(readonly text: string) {}

  skipSeparators(): void {
    while (this.index < this.text.length && /[\s,]/.test(this.text[this.index]!)) this.index += 1;
  }

  atEnd(): boolean {
    this.skipSeparators();
    return this.index >= this.text.length;
  }

  command(): string | undefined {
    this.skipSeparators();
    const char = this.text[this.index];
    if (char !== undefined && /[a-zA-Z]/.test(char)) {
      this.index += 1;
      return char;
    }
    return undefined;
  }

  number(): number {
    this.skipSeparators();
    const match = NUMBER.exec(this.text.slice(this.index));
    if (!match) throw new RangeError(`Path data has no number at position ${this.index}: ${this.text}`);
    this.index += match[0].length;
    return Number(match[0]);
  }

  /** An arc flag: a single 0 or 1, which may be written without a separator ("a1 1 0 00 1 1"). */
  flag(): boolean {
    this.skipSeparators();
    const char = this.text[this.index];
    if (char !== '0' && char !== '1') {
      throw new RangeError(`Path data has no arc flag at position ${this.index}: ${this.text}`);
    }
    this.index += 1;
    return char === '1';
  }
}

/** Parses path data into absolute commands; throws a RangeError on malformed data. */
export function parsePathData(d: string): PathCommand[] {
  const scanner = new PathScanner(d);
  const commands: PathCommand[] = [];
  let current: Point = { x: 0, y: 0 };
  let start: Point = { x: 0, y: 0 };
  // The second control point of the last C or Q, for S and T.
  let lastCubic: Point | null = null;
  let lastQuadratic: Point | null = null;
  let letter: string | undefined;
  while (!scanner.atEnd()) {
    const explicit = scanner.command();
    // Numbers after a command repeat it; after a moveto they are linetos.
    letter = explicit ?? (letter === 'm' ? 'l' : letter === 'M' ? 'L' : letter);
    if (letter === undefined || !COMMAND_LETTERS.has(letter.toLowerCase())) {
      throw new RangeError(
        `Path data has an unknown command or no command at position ${scanner.index}: ${d}`,
      );
    }
    if (explicit === undefined && letter.toLowerCase() === 'z') {
      throw new RangeError(`Path data has numbers after Z at position ${scanner.index}: ${d}`);
    }
    const lower = letter.toLowerCase();
    const relative = letter === lower;
    const ox = relative ? current.x : 0;
    const oy = relative ? current.y : 0;
    let cubic: Point | null = null;
    let quadratic: Point | null = null;
    switch (lower) {
      case 'z':
        commands.push({ type: 'Z' });
        current = start;
        break;
      case 'm':
      case 'l': {
        const x = scanner.number() + ox;
        const y = scanner.number() + oy;
        commands.push({ type: lower === 'm' ? 'M' : 'L', x, y });
        current = { x, y };
        if (lower === 'm') start = current;
        break;
      }
      case 'h':
      case 'v': {
        const value = scanner.number();
        current =
          lower === 'h'
            ? { x: value + ox, y: current.y }
            : { x: current.x, y: value + (relative ? current.y : 0) };
        commands.push({ type: 'L', ...current });
        break;
      }
      case 'c':
      case 's': {
        const first: Point =
          lower === 'c'
            ? { x: scanner.number() + ox, y: scanner.number() + oy }
            : lastCubic
              ? { x: 2 * current.x - lastCubic.x, y: 2 * current.y - lastCubic.y }
              : current;
        const x2 = scanner.number() + ox;
        const y2 = scanner.number() + oy;
        const x = scanner.number() + ox;
        const y = scanner.number() + oy;
        commands.push({ type: 'C', x1: first.x, y1: first.y, x2, y2, x, y });
        cubic = { x: x2, y: y2 };
        current = { x, y };
        break;
      }
      case 'q':
      case 't': {
        const control: Point =
          lower === 'q'
            ? { x: scanner.number() + ox, y: scanner.number() + oy }
            : lastQuadratic
              ? { x: 2 * current.x - lastQuadratic.x, y: 2 * current.y - lastQuadratic.y }
              : current;
        const x = scanner.number() + ox;
        const y = scanner.number() + oy;
        commands.push({ type: 'Q', x1: control.x, y1: control.y, x, y });
        quadratic = control;
        current = { x, y };
        break;
      }
      case 'a': {
        const rx = Math.abs(scanner.number());
        const ry = Math.abs(scanner.number());
        const rotation = scanner.number();
        const largeArc = scanner.flag();
        const sweep = scanner.flag();
        const x = scanner.number() + ox;
        const y = scanner.number() + oy;
        commands.push({ type: 'A', rx, ry, rotation, largeArc, sweep, x, y });
        current = { x, y };
        break;
      }
    }
    lastCubic = cubic;
    lastQuadratic = quadratic;
  }
  if (commands.length > 0 && commands[0]!.type !== 'M')
    throw new RangeError(`Path data must start with M: ${d}`);
  return commands;
}

function format(value: number): string {
  return String(roundLength(value));
}

/** Writes commands in the canonical form: absolute, lengths at 2 decimals, one space between parts. */
export function formatPathData(commands: readonly PathCommand[]): string {
  return commands
    .map((command) => {
      switch (command.type) {
        case 'Z':
          return 'Z';
        case 'M':
        case 'L':
          return `${command.type}${format(command.x)} ${format(command.y)}`;
        case 'C':
          return `C${[command.x1, command.y1, command.x2, command.y2, command.x, command.y].map(format).join(' ')}`;
        case 'Q':
          return `Q${[command.x1, command.y1, command.x, command.y].map(format).join(' ')}`;
        case 'A':
          return (
            `A${format(command.rx)} ${format(command.ry)} ${format(command.rotation)} ` +
            `${command.largeArc ? 1 : 0} ${command.sweep ? 1 : 0} ${format(command.x)} ${format(command.y)}`
          );
      }
    })
    .join(' ');
}

/** The commands moved by (dx, dy). */
export function translatePath(commands: readonly PathCommand[], dx: number, dy: number): PathCommand[] {
  return commands.map((command) => {
    switch (command.type) {
      case 'Z':
        return command;
      case 'C':
        return {
          ...command,
          x1: command.x1 + dx,
          y1: command.y1 + dy,
          x2: command.x2 + dx,
          y2: command.y2 + dy,
          x: command.x + dx,
          y: command.y + dy,
        };
      case 'Q':
        return { ...command, x1: command.x1 + dx, y1: command.y1 + dy, x: command.x + dx, y: command.y + dy };
      default:
        return { ...command, x: command.x + dx, y: command.y + dy };
    }
  });
}

/** Parameters in (0, 1) where a quadratic a t² + b t + c is zero. */
function rootsInUnit(a: number, b: number, c: number): number[] {
  const roots: number[] = [];
  if (Math.abs(a) < 1e-12) {
    if (Math.abs(b) > 1e-12) roots.push(-c / b);
  } else {
    const discriminant = b * b - 4 * a * c;
    if (discriminant >= 0) {
      const root = Math.sqrt(discriminant);
      roots.push((-b + root) / (2 * a), (-b - root) / (2 * a));
    }
  }
  return roots.filter((t) => t > 0 && t < 1);
}

function cubicAt(p0: number, p1: number, p2: number, p3: number, t: number): number {
  const u = 1 - t;
  return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3;
}

function cubicExtremes(from: Point, command: Extract<PathCommand, { type: 'C' }>): Point[] {
  const xs = [from.x, command.x1, command.x2, command.x] as const;
  const ys = [from.y, command.y1, command.y2, command.y] as const;
  const times = [xs, ys].flatMap(([p0, p1, p2, p3]) =>
    rootsInUnit(3 * (-p0 + 3 * p1 - 3 * p2 + p3), 6 * (p0 - 2 * p1 + p2), 3 * (p1 - p0)),
  );
  return times.map((t) => ({ x: cubicAt(...xs, t), y: cubicAt(...ys, t) }));
}

function quadraticExtremes(from: Point, command: Extract<PathCommand, { type: 'Q' }>): Point[] {
  const at = (p0: number, p1: number, p2: number, t: number) =>
    (1 - t) * (1 - t) * p0 + 2 * (1 - t) * t * p1 + t * t * p2;
  const times = [
    [from.x, command.x1, command.x],
    [from.y, command.y1, command.y],
  ].flatMap(([p0, p1, p2]) => rootsInUnit(0, 2 * (p0! - 2 * p1! + p2!), 2 * (p1! - p0!)));
  return times.map((t) => ({
    x: at(from.x, command.x1, command.x, t),
    y: at(from.y, command.y1, command.y, t),
  }));
}

/** Points of an arc where x or y is extreme (SVG 1.1 appendix F.6.5, endpoint to centre form). */
function arcExtremes(from: Point, command: Extract<PathCommand, { type: 'A' }>): Point[] {
  let { rx, ry } = command;
  if (rx === 0 || ry === 0 || (from.x === command.x && from.y === command.y)) return [];
  const phi = (command.rotation * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (from.x - command.x) / 2;
  const dy = (from.y - command.y) / 2;
  const x1 = cos * dx + sin * dy;
  const y1 = -sin * dx + cos * dy;
  const lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1;
  const denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1;
  const factor =
    (command.largeArc === command.sweep ? -1 : 1) * Math.sqrt(Math.max(0, numerator / denominator));
  const cx1 = (factor * rx * y1) / ry;
  const cy1 = (-factor * ry * x1) / rx;
  const cx = cos * cx1 - sin * cy1 + (from.x + command.x) / 2;
  const cy = sin * cx1 + cos * cy1 + (from.y + command.y) / 2;
  const angleOf = (ux: number, uy: number) => Math.atan2(uy, ux);
  const start = angleOf((x1 - cx1) / rx, (y1 - cy1) / ry);
  let sweep = angleOf((-x1 - cx1) / rx, (-y1 - cy1) / ry) - start;
  if (command.sweep && sweep < 0) sweep += 2 * Math.PI;
  if (!command.sweep && sweep > 0) sweep -= 2 * Math.PI;
  const pointAt = (theta: number): Point => ({
    x: cx + rx * Math.cos(theta) * cos - ry * Math.sin(theta) * sin,
    y: cy + rx * Math.cos(theta) * sin + ry * Math.sin(theta) * cos,
  });
  // Where dx/dθ = 0 and dy/dθ = 0, and the same half a turn on.
  const thetaX = Math.atan2(-ry * sin, rx * cos);
  const thetaY = Math.atan2(ry * cos, rx * sin);
  const candidates = [thetaX, thetaX + Math.PI, thetaY, thetaY + Math.PI];
  const inside = (theta: number): boolean => {
    const turn = 2 * Math.PI;
    const offset = sweep >= 0 ? theta - start : start - theta;
    const normalized = ((offset % turn) + turn) % turn;
    return normalized < Math.abs(sweep);
  };
  return candidates.filter(inside).map(pointAt);
}

/** The exact bounds of a path; undefined when it has no points. */
export function pathBounds(commands: readonly PathCommand[]): Bounds | undefined {
  const points: Point[] = [];
  let current: Point = { x: 0, y: 0 };
  let start: Point = current;
  for (const command of commands) {
    if (command.type === 'Z') {
      current = start;
      continue;
    }
    if (command.type === 'C') points.push(...cubicExtremes(current, command));
    if (command.type === 'Q') points.push(...quadraticExtremes(current, command));
    if (command.type === 'A') points.push(...arcExtremes(current, command));
    current = { x: command.x, y: command.y };
    if (command.type === 'M') start = current;
    points.push(current);
  }
  if (points.length === 0) return undefined;
  return {
    minX: Math.min(...points.map((point) => point.x)),
    minY: Math.min(...points.map((point) => point.y)),
    maxX: Math.max(...points.map((point) => point.x)),
    maxY: Math.max(...points.map((point) => point.y)),
  };
}

/** A path brought into its local box: canonical data whose bounds start at (0, 0), and where they were. */
export interface LocalPath {
  d: string;
  /** Where the box's corner was in the data's coordinates. */
  offset: Point;
  width: number;
  height: number;
}

/**
 * Moves path data so its bounds start at (0, 0), in canonical form. Rounding the moved data can move a
 * curve's extreme by a hundredth, so the move repeats until the result no longer moves: the data of
 * the result comes back unchanged, which is what makes a saved path read back the same.
 */
export function localizePath(d: string): LocalPath {
  // Measured on the rounded data, so that the result is exactly what is measured.
  let text = formatPathData(parsePathData(d));
  let commands = parsePathData(text);
  const offset = { x: 0, y: 0 };
  // A box within one rounding unit of the origin is at the origin: the bounds of a large arc move by
  // more than the rounding of its end points, so moving it by 0.01 may only move its bounds back.
  const settled = (value: number) => Math.abs(value) <= 10 ** -LENGTH_DECIMALS;
  for (let step = 0; step < 5; step += 1) {
    const bounds = pathBounds(commands);
    const dx = bounds ? roundLength(bounds.minX) : 0;
    const dy = bounds ? roundLength(bounds.minY) : 0;
    if (settled(dx) && settled(dy)) break;
    offset.x = roundLength(offset.x + dx);
    offset.y = roundLength(offset.y + dy);
    text = formatPathData(translatePath(commands, -dx, -dy));
    commands = parsePathData(text);
  }
  const bounds = pathBounds(commands);
  return {
    d: text,
    offset,
    width: bounds ? roundLength(bounds.maxX - bounds.minX) : 0,
    height: bounds ? roundLength(bounds.maxY - bounds.minY) : 0,
  };
}
