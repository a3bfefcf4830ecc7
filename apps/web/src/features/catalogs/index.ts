/**
 * Catalogues and product sets: their screens (loaded on demand), and what the builder's preview and text
 * panel use of them (items, prices, extra fields, product sets), and the product-set rule editor for a feed
 * design's item filter.
 */
export { ProductSetsQuery } from './api/productSets';
export { extraFields, formatPrice } from './catalogFormat';
export { ItemThumbnail } from './ItemThumbnail';
export { ItemFilterInput } from './ItemFilterInput';
export { catalogItemUrl } from './itemLink';
export { SEARCH_DEBOUNCE_MS } from './useUrlSearch';

export const loadCatalogsScreen = () => import('./CatalogsScreen');
export const loadNewCatalogScreen = () => import('./NewCatalogScreen');
export const loadCatalogScreen = () => import('./CatalogScreen');
