/**
 * Runs one catalogue import: reads the feed as a stream, writes its items under the new import in
 * batches, then in one transaction compares them with the catalogue's current items, makes the new
 * import current and records the report. Until that transaction the catalogue does not change: a
 * failed import leaves the previous items and the current import exactly as they were.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import {
  catalogImports,
  catalogItems,
  catalogs,
  ONE_ACTIVE_IMPORT,
  type CatalogImportRow,
  type CatalogSchedule,
  type ImageHostWarning,
  type ImportReportRow,
  type ImportWarning,
  type RejectedRow,
} from '../../../db/schema.js';
import type { AppDeps } from '../../../deps.js';
import { DomainError } from '../../../errors.js';
import { isHandBack } from '../../../jobs/queue.js';
import { contentHash, createItemMapper, itemJson, shorten, type ItemMapper } from './canonical.js';
import {
  type CatalogSource,
  FeedFetchError,
  type FetchSourceOptions,
  openCatalogSource,
  type OpenedSource,
} from './fetch-source.js';
import { checkImageHosts, ImageHostTally } from './image-hosts.js';
import { type Feed, FEED_FORMAT_HINTS, FeedParseError, type FeedFormatHint, openFeed } from './parse.js';

/** The catalogue's format setting as a parser hint (null or an unknown word: detect). */
function feedFormatHint(setting: string | null): FeedFormatHint | undefined {
  return (FEED_FORMAT_HINTS as readonly string[]).includes(setting ?? '')
    ? (setting as FeedFormatHint)
    : undefined;
}

/** The spec's text for an import that found nothing to keep. */
export const NO_VALID_ITEMS = 'No valid items in the feed';
/** The report keeps this many rejected rows; the count covers them all. */
export const MAX_REJECTED_KEPT = 1000;
/** The report keeps this many warnings about kept rows. */
export const MAX_WARNINGS_KEPT = 1000;
const DEFAULT_BATCH_SIZE = 1000;
/** INSERTs that may run while parsing goes on (more did not help on PostgreSQL with 2 cores). */
const MAX_IN_FLIGHT = 1;
/** A batch is also sent once its rows reach this many characters (rows may be up to 1 MB each). */
const MAX_BATCH_CHARS = 4 * 1024 * 1024;
/** How often the running import's rows_read is written, for a progress bar in another process. */
const PROGRESS_WRITE_MS = 2000;
/** How often a running import writes its heartbeat (heartbeat_at), whether rows arrive or not. */
export const IMPORT_HEARTBEAT_MS = 10_000;
/** A running import whose heartbeat is older than this has lost its process (reapDeadImports). */
export const IMPORT_HEARTBEAT_STALE_SECONDS = 60;

/** A failure of the feed itself (as opposed to the server); its message is for the user. */
export class CatalogImportError extends Error {
  override readonly name = 'CatalogImportError';
}

export interface ImportProgress {
  rowsRead: number;
  /** Bytes of the source read so far, as sent. */
  bytesRead: number;
  /** The source's size when it announced one. */
  totalBytes: number | undefined;
}

export interface RunCatalogImportOptions {
  catalogId: string;
  importId: string;
  source: CatalogSource;
  /** Default: detected from the first bytes. */
  format?: FeedFormatHint | undefined;
  /** Limits of a URL download (allow-listed hosts, timeouts, byte cap); maxBytes also caps inflated bytes. */
  fetch?: FetchSourceOptions | undefined;
  /** Called after each batch of rows. */
  onProgress?: ((progress: ImportProgress) => void) | undefined;
  /**
   * The job's signal: when it aborts the import stops. Aborted because its worker stopped (isHandBack),
   * the import goes back to queued, to run again from the start; otherwise it fails.
   */
  signal?: AbortSignal | undefined;
  /** Items per INSERT (default 1000). */
  batchSize?: number | undefined;
}

export type ImportDeps = Pick<AppDeps, 'db' | 'files'>;

/** Refusal of a second import while one of the same catalogue is queued or running. */
export const IMPORT_IN_PROGRESS =
  'An import of this catalogue is already in progress: wait for it to finish, then import again.';

/** True for PostgreSQL's unique violation of `constraint` (Drizzle wraps the driver's error). */
function violates(error: unknown, constraint: string): boolean {
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  const fields = cause as { code?: unknown; constraint?: unknown; message?: unknown } | undefined;
  return (
    fields?.code === '23505' &&
    (fields.constraint === constraint || String(fields.message).includes(constraint))
  );
}

/**
 * Creates a queued import of a catalogue, for {@link runCatalogImport} to run. One import of a
 * catalogue at a time: while another is queued or running, a DomainError IMPORT_IN_PROGRESS (a unique
 * index on the active imports decides, so two requests at the same moment cannot both pass).
 */
export async function queueCatalogImport(db: Db, catalogId: string): Promise<CatalogImportRow> {
  const [catalog] = await db
    .select({ clientId: catalogs.clientId })
    .from(catalogs)
    .where(eq(catalogs.id, catalogId));
  if (!catalog) throw new Error(`Catalogue ${catalogId} does not exist`);
  try {
    const [row] = await db
      .insert(catalogImports)
      .values({ catalogId, clientId: catalog.clientId })
      .returning();
    return row!;
  } catch (error) {
    if (violates(error, ONE_ACTIVE_IMPORT)) throw new DomainError('IMPORT_IN_PROGRESS', IMPORT_IN_PROGRESS);
    throw error;
  }
}

/** When a catalogue on a schedule is due next, counted from `from` (null for 'none'). */
export function nextImportAt(schedule: CatalogSchedule, from: Date): Date | null {
  const hour = 3_600_000;
  const step = { none: 0, hourly: hour, daily: 24 * hour, weekly: 7 * 24 * hour }[schedule];
  return step === 0 ? null : new Date(from.getTime() + step);
}

/**
 * Runs a queued import to its end and returns its row, completed or failed: a feed that cannot be
 * read marks the import failed with the reason and is not thrown. Throws only when the import is not
 * queued or the database itself fails while recording the outcome.
 */
export async function runCatalogImport(
  deps: ImportDeps,
  options: RunCatalogImportOptions,
): Promise<CatalogImportRow> {
  const { db } = deps;
  const { catalogId, importId } = options;
  const [claimed] = await db
    .update(catalogImports)
    .set({ status: 'running', startedAt: new Date(), heartbeatAt: new Date() })
    .where(
      and(
        eq(catalogImports.id, importId),
        eq(catalogImports.catalogId, catalogId),
        eq(catalogImports.status, 'queued'),
      ),
    )
    .returning();
  if (!claimed) throw new Error(`Catalogue import ${importId} of catalogue ${catalogId} is not queued`);

  const report = new ImportReport();
  let feed: Feed | undefined;
  let replaced: string | null = null;
  // The heartbeat says this process is alive even while a slow host sends nothing.
  const heartbeat = setInterval(() => {
    void db
      .update(catalogImports)
      .set({ heartbeatAt: new Date() })
      .where(and(eq(catalogImports.id, importId), eq(catalogImports.status, 'running')))
      .catch(() => undefined);
  }, IMPORT_HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const [catalog] = await db
      .select({
        columnMapping: catalogs.columnMapping,
        feedFormat: catalogs.feedFormat,
        currency: catalogs.currency,
      })
      .from(catalogs)
      .where(eq(catalogs.id, catalogId));
    if (!catalog) throw new Error(`Catalogue ${catalogId} does not exist`);
    await deleteStaleItems(db, catalogId, importId);

    const opened = await untilAborted(
      openCatalogSource(deps.files, options.source, options.fetch),
      options.signal,
    );
    const stop = () => opened.stream.destroy(options.signal?.reason as Error);
    options.signal?.addEventListener('abort', stop, { once: true });
    try {
      const format = options.format ?? feedFormatHint(catalog.feedFormat);
      feed = await openFeed(opened.stream, { format, maxBytes: options.fetch?.maxBytes });
      const mapper = createItemMapper({ columnMapping: catalog.columnMapping, currency: catalog.currency });
      await writeItems(db, options, feed, opened, report, mapper);
    } finally {
      options.signal?.removeEventListener('abort', stop);
      opened.stream.destroy();
    }
    options.signal?.throwIfAborted();
    if (report.items === 0) throw new CatalogImportError(NO_VALID_ITEMS);
    // Said now, with the import, rather than first in the builder's preview of an item.
    report.imageHostWarnings = await checkImageHosts(report.imageHosts, options.fetch);
    replaced = await makeCurrent(db, catalogId, importId, report, feed.format);
  } catch (error) {
    if (options.signal && isHandBack(options.signal)) {
      await requeue(db, importId);
      throw options.signal.reason;
    }
    await recordFailure(db, importId, report, feed?.format, error);
  } finally {
    clearInterval(heartbeat);
  }
  // Outside the try: the import is complete whatever happens here, and items this leaves behind are
  // deleted at the start of the catalogue's next import.
  if (replaced)
    await db
      .delete(catalogItems)
      .where(eq(catalogItems.importId, replaced))
      .catch(() => undefined);
  const [row] = await db.select().from(catalogImports).where(eq(catalogImports.id, importId));
  return row!;
}

/** The opened source, or the signal's reason as soon as it aborts (a source opened later is closed). */
function untilAborted(
  opening: Promise<OpenedSource>,
  signal: AbortSignal | undefined,
): Promise<OpenedSource> {
  if (!signal) return opening;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason);
      opening.then(
        (opened) => opened.stream.destroy(),
        () => undefined,
      );
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    opening.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Counters, the kept rejected rows and the kept warnings of one import. */
class ImportReport {
  rowsRead = 0;
  items = 0;
  rejectedCount = 0;
  private readonly rejected: RejectedRow[] = [];
  private readonly warnings: ImportWarning[] = [];
  unknownColumns: string[] = [];
  /** The hosts of the items' images, judged once the feed is read. */
  readonly imageHosts = new ImageHostTally();
  imageHostWarnings: ImageHostWarning[] = [];

  reject(row: RejectedRow): void {
    this.rejectedCount += 1;
    if (this.rejected.length < MAX_REJECTED_KEPT) this.rejected.push(row);
  }

  warn(warning: Omit<ImportWarning, 'kind'>): void {
    if (this.warnings.length < MAX_WARNINGS_KEPT) this.warnings.push({ kind: 'warning', ...warning });
  }

  /** What catalog_imports.rejected keeps: the rejected rows, then the warnings. */
  rows(): ImportReportRow[] {
    return [...this.rejected, ...this.imageHostWarnings, ...this.warnings];
  }
}

async function writeItems(
  db: Db,
  options: RunCatalogImportOptions,
  feed: Feed,
  source: OpenedSource,
  report: ImportReport,
  mapper: ItemMapper,
): Promise<void> {
  const { catalogId, importId } = options;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  // Rows as JSON text: one jsonb parameter per INSERT is several times faster than one parameter per
  // value (29 per row), on PGlite most of all, and is the same SQL on PostgreSQL.
  let batch: string[] = [];
  let batchChars = 0;
  // INSERTs run while the next batches are parsed; waiting for the oldest before starting one more
  // keeps at most MAX_IN_FLIGHT + 1 batches in memory and lets a database error stop the parse.
  const inFlight: Promise<void>[] = [];
  let lastWrite = Date.now();

  const flush = async () => {
    const rows = `[${batch.join(',')}]`;
    batch = [];
    batchChars = 0;
    if (inFlight.length >= MAX_IN_FLIGHT) await inFlight.shift();
    const inserting = insertItemRows(db, rows);
    // Awaited later; until then a failure must not count as an unhandled rejection.
    inserting.catch(() => undefined);
    inFlight.push(inserting);
    options.onProgress?.({
      rowsRead: report.rowsRead,
      bytesRead: source.bytesReceived(),
      totalBytes: source.size,
    });
    if (Date.now() - lastWrite >= PROGRESS_WRITE_MS) {
      lastWrite = Date.now();
      await db
        .update(catalogImports)
        .set({ rowsRead: report.rowsRead })
        .where(eq(catalogImports.id, importId));
    }
  };
  // The import's own columns, written before the item's (the JSON object is opened here).
  const rowHead = `{"import_id":${JSON.stringify(importId)},"catalog_id":${JSON.stringify(catalogId)},"content_hash":`;

  try {
    for await (const event of feed.events()) {
      report.rowsRead += 1;
      if (event.kind === 'rejected') {
        report.reject({ row: event.row, id: event.id, reason: event.reason });
        continue;
      }
      const result = mapper.toItem(event);
      if ('rejected' in result) {
        const reasons = result.rejected;
        report.reject({
          row: event.row,
          id: result.id,
          reason: reasons.join('; '),
          ...(reasons.length > 1 ? { reasons } : {}),
        });
        continue;
      }
      for (const { column, reason } of result.warnings)
        report.warn({ row: event.row, id: result.item.itemId, column, reason });
      const json = itemJson(result.item);
      const row = `${rowHead}"${contentHash(result.item, json)}",${json.slice(1)}`;
      batch.push(row);
      batchChars += row.length;
      report.items += 1;
      report.imageHosts.add(result.item.imageLink, result.item.additionalImageLinks);
      if (batch.length >= batchSize || batchChars >= MAX_BATCH_CHARS) await flush();
    }
    if (batch.length > 0) await flush();
    for (const inserting of inFlight.splice(0)) await inserting;
  } catch (error) {
    // The batches in flight must land before the failed import's items are deleted.
    await Promise.allSettled(inFlight);
    throw error;
  } finally {
    report.unknownColumns = mapper.unknownColumns();
  }
}

/** Every column of catalog_items the import writes, in the JSON rows' names. */
const ITEM_COLUMNS = sql.raw(
  [
    'import_id',
    'catalog_id',
    'content_hash',
    'item_id',
    'title',
    'description',
    'availability',
    'condition',
    'price_amount',
    'currency',
    'sale_price_amount',
    'sale_price_start',
    'sale_price_end',
    'link',
    'image_link',
    'additional_image_links',
    'brand',
    'item_group_id',
    'product_type',
    'google_product_category',
    'custom_label_0',
    'custom_label_1',
    'custom_label_2',
    'custom_label_3',
    'custom_label_4',
    'rating',
    'review_count',
    'inventory',
    'extra',
    'issues',
  ].join(', '),
);

/** Inserts a JSON array of rows keyed by column (see itemJson), in one statement. */
async function insertItemRows(db: Db, rows: string): Promise<void> {
  await db.execute(sql`
    insert into ${catalogItems} (${ITEM_COLUMNS})
    select ${ITEM_COLUMNS} from jsonb_populate_recordset(null::${catalogItems}, ${rows}::jsonb)
  `);
}

/**
 * The switch: compares the new items with the current ones by id and content hash (in SQL), points the
 * catalogue at the new import and completes it, all in one transaction. Returns the import it replaced.
 */
async function makeCurrent(
  db: Db,
  catalogId: string,
  importId: string,
  report: ImportReport,
  format: string,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    // The row lock orders two imports of one catalogue finishing together: each compares with the
    // import that is current when it switches.
    const [catalog] = await tx
      .select({ currentImportId: catalogs.currentImportId })
      .from(catalogs)
      .where(eq(catalogs.id, catalogId))
      .for('update');
    if (!catalog) throw new Error(`Catalogue ${catalogId} no longer exists`);
    const previous = catalog.currentImportId;
    const [counts] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select
          count(*) filter (where o.item_id is null)::int as added,
          count(*) filter (where n.item_id is not null and o.item_id is not null
                             and n.content_hash <> o.content_hash)::int as updated,
          count(*) filter (where n.content_hash = o.content_hash)::int as unchanged,
          count(*) filter (where n.item_id is null)::int as removed
        from (select item_id, content_hash from ${catalogItems} where import_id = ${importId}) n
        full join (select item_id, content_hash from ${catalogItems} where import_id = ${previous}) o
          on o.item_id = n.item_id
      `),
    );
    await tx.update(catalogs).set({ currentImportId: importId }).where(eq(catalogs.id, catalogId));
    const [completed] = await tx
      .update(catalogImports)
      .set({
        status: 'completed',
        format,
        rowsRead: report.rowsRead,
        added: Number(counts?.added ?? 0),
        updated: Number(counts?.updated ?? 0),
        unchanged: Number(counts?.unchanged ?? 0),
        removed: Number(counts?.removed ?? 0),
        rejectedCount: report.rejectedCount,
        rejected: report.rows(),
        unknownColumns: report.unknownColumns,
        error: null,
        finishedAt: new Date(),
      })
      // Only while it is still running: one declared dead meanwhile (reapDeadImports) stays failed.
      .where(and(eq(catalogImports.id, importId), eq(catalogImports.status, 'running')))
      .returning({ id: catalogImports.id });
    if (!completed) throw new Error('the import was stopped while it ran');
    return previous;
  });
}

/** The message an import keeps: the feed's own problems as they are, anything else with what to do. */
function failureMessage(error: unknown): string {
  if (
    error instanceof CatalogImportError ||
    error instanceof FeedFetchError ||
    error instanceof FeedParseError
  ) {
    return error.message;
  }
  // A failed query's own message carries the whole statement and its parameters: keep the cause.
  const cause = error instanceof DrizzleQueryError && error.cause instanceof Error ? error.cause : error;
  const reason = shorten(cause instanceof Error ? cause.message : String(cause), 300);
  return `The import failed unexpectedly (${reason}); try again, and contact support if it fails again`;
}

async function recordFailure(
  db: Db,
  importId: string,
  report: ImportReport,
  format: string | undefined,
  error: unknown,
): Promise<void> {
  await db
    .update(catalogImports)
    .set({
      status: 'failed',
      format: format ?? null,
      rowsRead: report.rowsRead,
      rejectedCount: report.rejectedCount,
      rejected: report.rows(),
      unknownColumns: report.unknownColumns,
      error: failureMessage(error),
      finishedAt: new Date(),
    })
    .where(and(eq(catalogImports.id, importId), eq(catalogImports.status, 'running')));
  await db.delete(catalogItems).where(eq(catalogItems.importId, importId));
}

/** Puts an import whose worker stopped back in the queue, its partial items gone, to run again. */
async function requeue(db: Db, importId: string): Promise<void> {
  await db.delete(catalogItems).where(eq(catalogItems.importId, importId));
  await db
    .update(catalogImports)
    .set({ status: 'queued', startedAt: null, heartbeatAt: null, rowsRead: 0 })
    .where(and(eq(catalogImports.id, importId), eq(catalogImports.status, 'running')));
}

/** What a dead import (its process gone) says. */
export const IMPORT_LOST =
  'The import stopped before it finished: the process running it ended. Start it again.';

/**
 * Imports marked running whose heartbeat stopped (their process was killed) become failed, their partial
 * items deleted, so that their catalogue can be imported again at once. Returns their ids.
 */
export async function reapDeadImports(db: Db): Promise<string[]> {
  const dead = await db
    .update(catalogImports)
    .set({ status: 'failed', error: IMPORT_LOST, finishedAt: new Date() })
    .where(
      and(
        eq(catalogImports.status, 'running'),
        sql`coalesce(${catalogImports.heartbeatAt}, ${catalogImports.startedAt}) < now() - make_interval(secs => ${IMPORT_HEARTBEAT_STALE_SECONDS})`,
      ),
    )
    .returning({ id: catalogImports.id });
  const ids = dead.map((row) => row.id);
  if (ids.length) await db.delete(catalogItems).where(inArray(catalogItems.importId, ids));
  return ids;
}

/**
 * Items left by imports that ended but are not current: a previous process stopped between the
 * switch and the deletion of the replaced items, or while cleaning up a failed import.
 */
async function deleteStaleItems(db: Db, catalogId: string, importId: string): Promise<void> {
  await db.execute(sql`
    delete from ${catalogItems} where import_id in (
      select i.id from ${catalogImports} i join ${catalogs} c on c.id = i.catalog_id
      where i.catalog_id = ${catalogId} and i.id <> ${importId}
        and i.status in ('completed', 'failed')
        and i.id is distinct from c.current_import_id)
  `);
}
