/**
 * The brand colours being saved from the builder, shared by every colour field of the page: the kit query
 * is one cached urql result, which cannot hold an optimistic item, so the colours in flight live here and
 * every field merges them into its swatches (paint.ts brandSwatches).
 */
import type { PendingBrandColor } from './paint';

type Listener = () => void;

/** A small external store (useSyncExternalStore) of the colours being saved. */
export class PendingBrandColors {
  private colors: readonly PendingBrandColor[] = [];
  private readonly listeners = new Set<Listener>();
  private nextKey = 1;

  readonly getSnapshot = (): readonly PendingBrandColor[] => this.colors;

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(colors: readonly PendingBrandColor[]): void {
    this.colors = colors;
    for (const listener of [...this.listeners]) listener();
  }

  /** A save starts: the colour shows at once; returns its key. */
  add(name: string, textContent: string): string {
    const key = `pending-${this.nextKey++}`;
    this.set([...this.colors, { key, name, textContent, savedId: null }]);
    return key;
  }

  /** The save succeeded: the colour stays until the kit query lists `id`. */
  saved(key: string, id: string): void {
    this.set(this.colors.map((color) => (color.key === key ? { ...color, savedId: id } : color)));
  }

  /** The save failed: the colour goes. */
  remove(key: string): void {
    if (!this.colors.some((color) => color.key === key)) return;
    this.set(this.colors.filter((color) => color.key !== key));
  }

  /** Forgets saved colours the kit now lists (a later delete in the brand kit must not bring them back). */
  settle(kitIds: ReadonlySet<string>): void {
    if (!this.colors.some((color) => color.savedId !== null && kitIds.has(color.savedId))) return;
    this.set(this.colors.filter((color) => color.savedId === null || !kitIds.has(color.savedId)));
  }
}

/** The page's one store. */
export const pendingBrandColors = new PendingBrandColors();
