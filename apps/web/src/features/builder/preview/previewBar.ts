/** What the bottom preview bar shows: pure rules, tested without React. */
import type { PreviewItem } from './previewItem';

/** How many items the expanded bar draws side by side. */
export const PREVIEW_BAR_ITEM_COUNT = 4;

/**
 * The indexes of the items the expanded bar draws: the live preview's item, then the next ones, wrapping
 * round to the first, each once (fewer when there are fewer items).
 */
export function barItemIndexes(
  itemCount: number,
  liveIndex: number,
  count: number = PREVIEW_BAR_ITEM_COUNT,
): number[] {
  if (itemCount <= 0) return [];
  const start = Math.min(Math.max(0, liveIndex), itemCount - 1);
  return Array.from({ length: Math.min(count, itemCount) }, (_, offset) => (start + offset) % itemCount);
}

/** The item's name as the previews title it: its title, else its id. */
export function itemLabel(item: Pick<PreviewItem, 'title' | 'id'>): string {
  return item.title || item.id;
}
