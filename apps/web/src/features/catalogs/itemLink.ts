import { clientUrl } from '../../app/routes';
import { ITEM_PARAM } from './catalog';

/** The catalogue page with one item's details open. */
export function catalogItemUrl(clientId: string, catalogId: string, itemId: string): string {
  return `${clientUrl(clientId, 'catalogs/:id/', { id: catalogId })}?${new URLSearchParams({ [ITEM_PARAM]: itemId })}`;
}
