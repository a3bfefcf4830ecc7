import { createContext, useContext } from 'react';
import { extraFields } from '../../../catalogs';
import type { PreviewItem } from '../../preview/previewItem';

/**
 * The columns of the preview's catalogue that the catalogue format does not know (the items' extra
 * fields): the server puts each in a render request's metadata under its column name, so `{column}` shows
 * it. Read from the loaded page of preview items; empty until a catalogue is chosen in PREVIEW.
 */
export function catalogueColumnsOf(items: readonly Pick<PreviewItem, 'extraJson'>[]): string[] {
  const keys = new Set(items.flatMap((item) => extraFields(item.extraJson).map(([name]) => name)));
  return [...keys].sort((a, b) => a.localeCompare(b));
}

export const CatalogueColumnsContext = createContext<readonly string[]>([]);

/** The preview catalogue's own columns (see catalogueColumnsOf). */
export function useCatalogueColumns(): readonly string[] {
  return useContext(CatalogueColumnsContext);
}
