/**
 * Undo and redo over model snapshots (spec section 4: at most 50 steps, a new change clears redo). Undo
 * is central (STYLE.md): features record changes with `push`, and a gesture that makes many changes (a
 * drag, a nudge held down) brackets them with `mark()` and `commit()` so it is one step. Snapshots are
 * immutable models, so a step is a reference, not a copy.
 */
import { BUILDER } from '@adloom/template';

/** Options of History. */
export interface HistoryOptions<T> {
  /** Most undo steps kept (default 50, spec section 9); the oldest go first. */
  limit?: number;
  /** Whether two snapshots are the same document (default: deep equality of plain data). */
  equals?: (a: T, b: T) => boolean;
}

/** Deep equality of plain data: objects, arrays, strings, numbers, booleans and null. */
export function plainDataEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => plainDataEqual(item, b[index]));
  }
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every(
      (key) => Object.hasOwn(b, key) && plainDataEqual((a as Record<string, unknown>)[key], bRecord[key]),
    )
  );
}

/** The undo and redo stacks of one document. */
export class History<T> {
  private currentSnapshot: T;
  private savedSnapshot: T;
  private readonly undoStack: T[] = [];
  private redoStack: T[] = [];
  /** The snapshot when the open batch began; null when no batch is open. */
  private batchStart: T | null = null;
  private batchDepth = 0;
  private readonly limit: number;
  private readonly equals: (a: T, b: T) => boolean;

  constructor(initial: T, options: HistoryOptions<T> = {}) {
    this.currentSnapshot = initial;
    this.savedSnapshot = initial;
    this.limit = options.limit ?? BUILDER.undoSteps;
    if (!Number.isInteger(this.limit) || this.limit < 1) {
      throw new RangeError(`The undo limit must be a whole number above 0, got ${this.limit}`);
    }
    this.equals = options.equals ?? plainDataEqual;
  }

  /** The document as it is now. */
  get current(): T {
    return this.currentSnapshot;
  }

  /** True when there is a step to undo (the undo button is enabled). */
  get canUndo(): boolean {
    return (
      this.undoStack.length > 0 ||
      (this.batchStart !== null && !this.same(this.batchStart, this.currentSnapshot))
    );
  }

  /** True when there is a step to redo (the redo button is enabled). */
  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  /** How many steps can be undone. */
  get undoDepth(): number {
    return this.undoStack.length;
  }

  /** True while a batch is open (between mark and commit). */
  get batching(): boolean {
    return this.batchStart !== null;
  }

  /**
   * True when the document differs from the one last saved or loaded (spec section 4: dirty is set by
   * any edit and cleared by a save or a load; undoing back to the saved document is clean again).
   */
  get isDirty(): boolean {
    return !this.same(this.currentSnapshot, this.savedSnapshot);
  }

  private same(a: T, b: T): boolean {
    return a === b || this.equals(a, b);
  }

  private record(previous: T): void {
    this.undoStack.push(previous);
    if (this.undoStack.length > this.limit) this.undoStack.splice(0, this.undoStack.length - this.limit);
    this.redoStack = [];
  }

  /**
   * The document after a change. Outside a batch it is one undo step and clears redo; inside one it
   * only becomes current. A change to an equal document records nothing.
   */
  push(next: T): void {
    if (this.same(next, this.currentSnapshot)) return;
    if (this.batchStart === null) this.record(this.currentSnapshot);
    this.currentSnapshot = next;
  }

  /** Opens a batch: the changes until the matching commit are one step. Batches nest. */
  mark(): void {
    if (this.batchDepth === 0) this.batchStart = this.currentSnapshot;
    this.batchDepth += 1;
  }

  /** Closes the batch; when the outermost one closes, its changes become one undo step (none if nothing changed). */
  commit(): void {
    if (this.batchDepth === 0) return;
    this.batchDepth -= 1;
    if (this.batchDepth > 0 || this.batchStart === null) return;
    const start = this.batchStart;
    this.batchStart = null;
    if (!this.same(start, this.currentSnapshot)) this.record(start);
  }

  /** Drops the open batch's changes (a drag cancelled with Escape) and closes it. */
  cancel(): void {
    if (this.batchStart === null) return;
    this.currentSnapshot = this.batchStart;
    this.batchStart = null;
    this.batchDepth = 0;
  }

  /** Undoes the last step (an open batch is committed first); returns the document, or undefined. */
  undo(): T | undefined {
    this.closeBatch();
    const previous = this.undoStack.pop();
    if (previous === undefined) return undefined;
    this.redoStack.push(this.currentSnapshot);
    this.currentSnapshot = previous;
    return previous;
  }

  /** Redoes the last undone step; returns the document, or undefined. */
  redo(): T | undefined {
    this.closeBatch();
    const next = this.redoStack.pop();
    if (next === undefined) return undefined;
    this.undoStack.push(this.currentSnapshot);
    this.currentSnapshot = next;
    return next;
  }

  private closeBatch(): void {
    if (this.batchDepth === 0) return;
    this.batchDepth = 1;
    this.commit();
  }

  /** The current document is now the saved one: not dirty until the next change. */
  markSaved(): void {
    this.savedSnapshot = this.currentSnapshot;
  }

  /** Starts over with a loaded document: no steps, not dirty (spec section 4: loading resets the editor). */
  reset(snapshot: T): void {
    this.currentSnapshot = snapshot;
    this.savedSnapshot = snapshot;
    this.undoStack.length = 0;
    this.redoStack = [];
    this.batchStart = null;
    this.batchDepth = 0;
  }
}
