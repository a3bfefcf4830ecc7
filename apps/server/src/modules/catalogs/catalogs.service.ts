/**
 * Catalogues of a client (issue 5): where the items come from, the schedule, the column mapping, and
 * the items of the current import. Imports themselves run in import/ (a job); this module creates the
 * rows and answers the screens. Every function takes the acting member's client and refuses other
 * clients' ids with the same 'not found' as an id that does not exist.
 */
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containing } from '../../db/like.js';
import {
  catalogImports,
  catalogItems,
  catalogs,
  catalogSchedules,
  type CatalogImportRow,
  type CatalogRow,
  type CatalogSchedule,
} from '../../db/schema.js';
import { DomainError, invalidInput, isUuid } from '../../errors.js';
import type { FeedFormatHint } from './import/parse.js';

export const catalogNotFound = (id: string) => new DomainError('NOT_FOUND', `Catalogue ${id} not found`);

const MAX_NAME = 100;
const MAX_URL = 2000;

/** What a catalogue is created or changed with. */
export interface CatalogInput {
  name: string;
  sourceUrl?: string | null | undefined;
  schedule?: CatalogSchedule | null | undefined;
  columnMapping?: Record<string, string> | null | undefined;
  /** undefined: unchanged; null: detect from the first bytes. */
  feedFormat?: FeedFormatHint | null | undefined;
  /** undefined: unchanged; null or '': none. */
  currency?: string | null | undefined;
}

/** An ISO 4217 code (upper-cased), or null for none. */
export function cleanCurrency(currency: string | null | undefined): string | null {
  const code = currency?.trim().toUpperCase() ?? '';
  if (code === '') return null;
  if (!/^[A-Z]{3}$/.test(code))
    throw invalidInput(
      `The currency must be a three-letter ISO 4217 code such as USD or EUR, not “${currency!.trim().slice(0, 20)}”.`,
    );
  return code;
}

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw invalidInput('Give the catalogue a name.');
  if (Array.from(trimmed).length > MAX_NAME)
    throw invalidInput(`A catalogue name can have at most ${MAX_NAME} characters.`);
  return trimmed;
}

/** An http(s) feed URL, or null. */
export function cleanSourceUrl(url: string | null | undefined): string | null {
  const trimmed = url?.trim();
  if (!trimmed) return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    throw invalidInput(`'${trimmed.slice(0, 80)}' is not a valid URL.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw invalidInput('The feed URL must start with http:// or https://.');
  if (parsed.username || parsed.password) throw invalidInput('Put no user name or password in the feed URL.');
  if (trimmed.length > MAX_URL) throw invalidInput(`The feed URL is longer than ${MAX_URL} characters.`);
  return parsed.href;
}

function checkSchedule(schedule: string | null | undefined, hasUrl: boolean): CatalogSchedule {
  const value = (schedule ?? 'none') as CatalogSchedule;
  if (!catalogSchedules.includes(value))
    throw invalidInput(`The schedule must be one of ${catalogSchedules.join(', ')}.`);
  if (value !== 'none' && !hasUrl)
    throw invalidInput('Only a catalogue fetched from a URL can refresh on a schedule.');
  return value;
}

/** The client's catalogue with this id, or null (also for another client's id). */
export async function findCatalog(db: Db, clientId: string, id: string): Promise<CatalogRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(catalogs)
    .where(and(eq(catalogs.id, id), eq(catalogs.clientId, clientId)));
  return row ?? null;
}

export async function ownCatalog(db: Db, clientId: string, id: string): Promise<CatalogRow> {
  const row = await findCatalog(db, clientId, id);
  if (!row) throw catalogNotFound(id);
  return row;
}

export async function createCatalog(db: Db, clientId: string, input: CatalogInput): Promise<CatalogRow> {
  const sourceUrl = cleanSourceUrl(input.sourceUrl);
  const [row] = await db
    .insert(catalogs)
    .values({
      clientId,
      name: cleanName(input.name),
      sourceUrl,
      schedule: checkSchedule(input.schedule, sourceUrl !== null),
      columnMapping: input.columnMapping ?? {},
      feedFormat: input.feedFormat ?? null,
      currency: cleanCurrency(input.currency),
    })
    .returning();
  return row!;
}

export async function updateCatalog(
  db: Db,
  clientId: string,
  id: string,
  input: CatalogInput,
): Promise<CatalogRow> {
  const catalog = await ownCatalog(db, clientId, id);
  const sourceUrl = input.sourceUrl === undefined ? catalog.sourceUrl : cleanSourceUrl(input.sourceUrl);
  const [row] = await db
    .update(catalogs)
    .set({
      name: cleanName(input.name),
      sourceUrl,
      schedule: checkSchedule(input.schedule ?? catalog.schedule, sourceUrl !== null),
      columnMapping: input.columnMapping ?? catalog.columnMapping,
      feedFormat: input.feedFormat === undefined ? catalog.feedFormat : input.feedFormat,
      currency: input.currency === undefined ? catalog.currency : cleanCurrency(input.currency),
    })
    .where(eq(catalogs.id, catalog.id))
    .returning();
  return row!;
}

/** Deletes one of the client's catalogues; returns it as it was. */
export async function deleteCatalog(db: Db, clientId: string, id: string): Promise<CatalogRow> {
  const catalog = await ownCatalog(db, clientId, id);
  // Imports, items, product sets and their feeds go with it (ON DELETE CASCADE).
  await db.delete(catalogs).where(eq(catalogs.id, catalog.id));
  return catalog;
}

export function listCatalogs(db: Db, clientId: string): Promise<CatalogRow[]> {
  return db
    .select()
    .from(catalogs)
    .where(eq(catalogs.clientId, clientId))
    .orderBy(asc(sql`lower(${catalogs.name})`), asc(catalogs.id));
}

/** A catalogue's imports, newest first. */
export async function listImports(db: Db, clientId: string, catalogId: string): Promise<CatalogImportRow[]> {
  const catalog = await ownCatalog(db, clientId, catalogId);
  return db
    .select()
    .from(catalogImports)
    .where(eq(catalogImports.catalogId, catalog.id))
    .orderBy(desc(catalogImports.createdAt));
}

/** A new queued import of the catalogue; the import job fills it. */
export async function queueImport(db: Db, catalog: CatalogRow): Promise<CatalogImportRow> {
  const [row] = await db
    .insert(catalogImports)
    .values({ catalogId: catalog.id, clientId: catalog.clientId, status: 'queued' })
    .returning();
  return row!;
}

/** How many items the catalogue's current import holds. */
export async function itemCount(db: Db, catalog: Pick<CatalogRow, 'currentImportId'>): Promise<number> {
  if (!catalog.currentImportId) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(catalogItems)
    .where(eq(catalogItems.importId, catalog.currentImportId));
  return Number(row?.count ?? 0);
}

/**
 * One page of the catalogue's current items, optionally searched (id, title, brand) and narrowed by
 * an extra SQL condition (a product-set filter).
 */
export async function listItems(
  db: Db,
  catalog: Pick<CatalogRow, 'currentImportId'>,
  options: {
    searchString?: string | null;
    where?: SQL;
    /** Only items with this diagnostics issue code. */
    issue?: string | null;
    offset?: number;
    limit?: number;
  },
) {
  if (!catalog.currentImportId) return { total: 0, items: [] };
  const conditions: SQL[] = [eq(catalogItems.importId, catalog.currentImportId)];
  const search = options.searchString?.trim();
  if (search) {
    const pattern = containing(search);
    conditions.push(
      or(
        ilike(catalogItems.itemId, pattern),
        ilike(catalogItems.title, pattern),
        ilike(catalogItems.brand, pattern),
      )!,
    );
  }
  if (options.where) conditions.push(options.where);
  if (options.issue) conditions.push(sql`${catalogItems.issues} ? ${options.issue}::text`);
  const where = and(...conditions);
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const offset = Math.max(options.offset ?? 0, 0);
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(catalogItems)
    .where(where);
  const items = await db
    .select()
    .from(catalogItems)
    .where(where)
    .orderBy(asc(catalogItems.itemId))
    .limit(limit)
    .offset(offset);
  return { total: Number(total?.count ?? 0), items };
}

/** One item of the catalogue's current import, or null. */
export async function findItem(db: Db, catalog: Pick<CatalogRow, 'currentImportId'>, itemId: string) {
  if (!catalog.currentImportId) return null;
  const [row] = await db
    .select()
    .from(catalogItems)
    .where(and(eq(catalogItems.importId, catalog.currentImportId), eq(catalogItems.itemId, itemId)));
  return row ?? null;
}
