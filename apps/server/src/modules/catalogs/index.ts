/**
 * Catalogues (their imports, versions and items) and product sets. Other modules read a client's own
 * catalogue, item or product set through these, and react to a new catalogue version through the
 * `catalogVersionImported` event (events/events.ts) that the import job publishes.
 */
export { productCatalogItemId, parseItemId } from './catalog-item-id.js';
export { findItem, ownCatalog } from './catalogs.service.js';
export { currentItemsById, type CurrentCatalogItem } from './current-items-by-id.js';
export { ownProductSet, productSetNotFound, readFilter, storedFilter } from './product-sets.service.js';
export { PRODUCT_SET_WITH_CATALOG } from './catalog-loaders.js';
export { matchesFilter } from './product-sets/filter.js';
export { filterToSql } from './product-sets/filter-sql.js';
export { catalogTemplateCsv, catalogTemplateXml } from './import/sample-feeds.js';
import './catalogs.schema.js';
import './import.jobs.js';
import './lost-imports.jobs.js';
import './diagnostics/image-check.jobs.js';
