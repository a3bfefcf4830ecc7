/**
 * Which preview item the canvas's product view draws, and the one remembered per template: pure rules and
 * a small localStorage record (ARCHITECTURE.md, "Product view").
 */
import type { CanvasView } from '../engine/BuilderEditor';
import type { PreviewItem } from './previewItem';
import type { PreviewState } from './previewState';

/**
 * The item the canvas draws: the live preview's (the one picked in PREVIEW or stepped to in the preview bar),
 * or the picked item when it is not on the loaded page; null when there is none.
 */
export function canvasItem(state: PreviewState): PreviewItem | null {
  const live = state.previewItems[state.liveIndex] ?? null;
  const selected = state.selectedItem;
  if (!selected) return live;
  const onPage = state.previewItems.some(
    (item) => item.productCatalogItemId === selected.productCatalogItemId,
  );
  return onPage ? live : selected;
}

/** A catalogue as the default choice reads it. */
export interface CatalogueChoice {
  id: string;
  itemCount: number;
  createdAt: string;
  imports: readonly { finishedAt: string | null }[];
}

/** The catalogue with items that was updated last (its last finished import, else its creation); null if none. */
export function lastUpdatedCatalogue(catalogues: readonly CatalogueChoice[]): string | null {
  let best: { id: string; time: number } | null = null;
  for (const catalogue of catalogues) {
    if (catalogue.itemCount <= 0) continue;
    const times = [catalogue.createdAt, ...catalogue.imports.map((entry) => entry.finishedAt)]
      .filter((value): value is string => value !== null)
      .map((value) => Date.parse(value))
      .filter((value) => !Number.isNaN(value));
    const time = Math.max(...times);
    if (!best || time > best.time) best = { id: catalogue.id, time };
  }
  return best?.id ?? null;
}

/** What is remembered of a template's preview item. */
export interface RememberedItem {
  catalogId: string;
  item: PreviewItem;
}

/** The localStorage key of a template's preview item. */
export function previewItemKey(templateId: string): string {
  return `adloom.builder.${templateId}.previewItem`;
}

/** The item remembered for a template, or null (none, or unreadable). */
export function readRememberedItem(
  storage: Pick<Storage, 'getItem'>,
  templateId: string,
): RememberedItem | null {
  try {
    const value = JSON.parse(storage.getItem(previewItemKey(templateId)) ?? 'null') as RememberedItem | null;
    return value &&
      typeof value.catalogId === 'string' &&
      typeof value.item?.productCatalogItemId === 'string'
      ? value
      : null;
  } catch {
    return null;
  }
}

/** Remembers a template's preview item (a full storage forgets it quietly: it is only a convenience). */
export function rememberItem(
  storage: Pick<Storage, 'setItem'>,
  templateId: string,
  remembered: RememberedItem,
) {
  try {
    storage.setItem(previewItemKey(templateId), JSON.stringify(remembered));
  } catch {
    // Nothing to do: the next visit starts from the default item.
  }
}

/** The localStorage key of the canvas view the user chose last (every template opens in it). */
export const CANVAS_VIEW_KEY = 'adloom.builder.canvasView';

/** The canvas view chosen last, or null (none yet: the product view, the default). */
export function readCanvasView(storage: Pick<Storage, 'getItem'>): CanvasView | null {
  try {
    const value = storage.getItem(CANVAS_VIEW_KEY);
    return value === 'product' || value === 'fields' ? value : null;
  } catch {
    return null;
  }
}

/** Remembers the canvas view chosen (quietly not when storage is refused). */
export function rememberCanvasView(storage: Pick<Storage, 'setItem'>, view: CanvasView) {
  try {
    storage.setItem(CANVAS_VIEW_KEY, view);
  } catch {
    // The next visit opens in the default view.
  }
}
