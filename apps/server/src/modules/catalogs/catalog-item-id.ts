/**
 * A catalogue item's id across catalogues (spec: productCatalogItemId): `{catalogId}:{itemId}`, the
 * catalogue's id and the item's own id in its feed.
 */
import { DomainError, isUuid } from '../../errors.js';

/** The productCatalogItemId of an item of a catalogue. */
export function productCatalogItemId(catalogId: string, itemId: string): string {
  return `${catalogId}:${itemId}`;
}

/** Reads a productCatalogItemId; NOT_FOUND when it is not one. */
export function parseItemId(id: string): { catalogId: string; itemId: string } {
  const colon = id.indexOf(':');
  const catalogId = id.slice(0, colon);
  const itemId = id.slice(colon + 1);
  if (colon < 0 || !isUuid(catalogId) || itemId === '')
    throw new DomainError('NOT_FOUND', `Product catalog item ${id} not found`);
  return { catalogId, itemId };
}
