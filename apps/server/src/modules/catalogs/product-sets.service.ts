/**
 * Product sets of a catalogue (issue 5, part 3): a name and a filter in Meta's product-set JSON, checked
 * on save (the message names the path that is wrong) and counted in SQL over the catalogue's current
 * items, so the rule editor shows the matching count live.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { catalogs, productSets, type CatalogRow, type ProductSetRow } from '../../db/schema.js';
import { DomainError, invalidInput, isUuid } from '../../errors.js';
import { listItems, ownCatalog } from './catalogs.service.js';
import { filterToSql } from './product-sets/filter-sql.js';
import { describeFilter, filterToJson, parseProductSetFilter, type ProductSetFilter } from '@adloom/commerce';

export const productSetNotFound = (id: string) => new DomainError('NOT_FOUND', `Product set ${id} not found`);

const MAX_NAME = 100;

/** Reads a filter sent as JSON text; INVALID_FILTER names what is wrong. */
export function readFilter(json: string | null | undefined): ProductSetFilter {
  if (json === null || json === undefined || json.trim() === '') return parseProductSetFilter({});
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new DomainError('INVALID_FILTER', 'The filter is not valid JSON.');
  }
  try {
    return parseProductSetFilter(value);
  } catch (error) {
    throw new DomainError('INVALID_FILTER', error instanceof Error ? error.message : String(error));
  }
}

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw invalidInput('Give the product set a name.');
  if (Array.from(trimmed).length > MAX_NAME)
    throw invalidInput(`A product set name can have at most ${MAX_NAME} characters.`);
  return trimmed;
}

/** A product set of the client with its catalogue, or null (also for another client's id). */
export async function findProductSet(
  db: Db,
  clientId: string,
  id: string,
): Promise<{ set: ProductSetRow; catalog: CatalogRow } | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ set: productSets, catalog: catalogs })
    .from(productSets)
    .innerJoin(catalogs, eq(catalogs.id, productSets.catalogId))
    .where(and(eq(productSets.id, id), eq(productSets.clientId, clientId)));
  return row ?? null;
}

/** A product set of the client with its catalogue, or NOT_FOUND (also for another client's id). */
export async function ownProductSet(
  db: Db,
  clientId: string,
  id: string,
): Promise<{ set: ProductSetRow; catalog: CatalogRow }> {
  const row = await findProductSet(db, clientId, id);
  if (!row) throw productSetNotFound(id);
  return row;
}

export async function listProductSets(db: Db, clientId: string, catalogId: string) {
  const catalog = await ownCatalog(db, clientId, catalogId);
  return db
    .select()
    .from(productSets)
    .where(eq(productSets.catalogId, catalog.id))
    .orderBy(asc(productSets.name), asc(productSets.id));
}

export async function createProductSet(
  db: Db,
  clientId: string,
  input: { catalogId: string; name: string; filter?: string | null },
): Promise<ProductSetRow> {
  const catalog = await ownCatalog(db, clientId, input.catalogId);
  const filter = readFilter(input.filter);
  const [row] = await db
    .insert(productSets)
    .values({ clientId, catalogId: catalog.id, name: cleanName(input.name), filter: filterToJson(filter) })
    .returning();
  return row!;
}

export async function updateProductSet(
  db: Db,
  clientId: string,
  id: string,
  input: { name: string; filter?: string | null },
): Promise<ProductSetRow> {
  const { set } = await ownProductSet(db, clientId, id);
  const filter = input.filter === undefined ? parseProductSetFilter(set.filter) : readFilter(input.filter);
  const [row] = await db
    .update(productSets)
    .set({ name: cleanName(input.name), filter: filterToJson(filter), updatedAt: new Date() })
    .where(eq(productSets.id, set.id))
    .returning();
  return row!;
}

/** Deletes one of the client's product sets (its feeds go with it); returns it as it was. */
export async function deleteProductSet(db: Db, clientId: string, id: string): Promise<ProductSetRow> {
  const { set } = await ownProductSet(db, clientId, id);
  await db.delete(productSets).where(eq(productSets.id, set.id));
  return set;
}

/** The items of a catalogue that pass a filter: a page and the total (the rule editor's live count). */
export async function matchingItems(
  db: Db,
  catalog: CatalogRow,
  filter: ProductSetFilter,
  page: { searchString?: string | null; offset?: number; limit?: number } = {},
) {
  return listItems(db, catalog, { ...page, where: filterToSql(filter) });
}

/** The filter of a stored set, as the parser reads it, and its sentence for people. */
export function storedFilter(set: ProductSetRow): { filter: ProductSetFilter; description: string } {
  const filter = parseProductSetFilter(set.filter);
  return { filter, description: describeFilter(filter) };
}
