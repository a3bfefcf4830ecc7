import { createContext, useContext } from 'react';
import type { PreviewItem } from '../../preview/previewItem';

/**
 * The columns of the preview's catalogue that the catalogue format does not know (the items' extra
 * fields): the server puts each in a render request's metadata under its column name, so `{column}` shows
 * it. Read from the loaded page of preview items; empty until a catalogue is chosen in PREVIEW.
 */
export function catalogueColumnsOf(items: readonly Pick<PreviewItem, 'extraJson'>[]): string[] {
  const keys = new Set<string>();
  for (const item of items) {
    try {
      const extra = JSON.parse(item.extraJson) as unknown;
      if (extra && typeof extra === 'object' && !Array.isArray(extra))
        for (const key of Object.keys(extra)) keys.add(key);
    } catch {
      // An item whose extra fields cannot be read adds none.
    }
  }
  return [...keys].sort((a, b) => a.localeCompare(b));
}

export const CatalogueColumnsContext = createContext<readonly string[]>([]);

/** The preview catalogue's own columns (see catalogueColumnsOf). */
export function useCatalogueColumns(): readonly string[] {
  return useContext(CatalogueColumnsContext);
}
