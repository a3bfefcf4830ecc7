/**
 * The export ad networks fetch (spec section 7: /export/clients/{clientId}/catalogs/{catalogId}/sets/
 * {setId}/{file}). {file} is `{feedId}.{token}.xml` or `.csv`: the token is the feed's secret, so the URL
 * can be handed to an ad network without a session. Each generated item is written with its catalogue
 * fields and image_link = the ad's image; items without an ad are left out (an ad being regenerated
 * stays with its current image). Rows are streamed. XML values lose the characters XML cannot hold
 * (escapeXml), and CSV cells a spreadsheet could run as formulas are neutralised (csv-cell.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { escapeXml } from '@adloom/template';
import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/client.js';
import {
  catalogItems,
  catalogs,
  feedCreatives,
  feeds,
  productSets,
  type CatalogItemRow,
  type FeedRow,
} from '../../db/schema.js';
import { formatCents, withCurrency } from '@adloom/commerce';
import { isUuid } from '../../errors.js';
import { csvLine } from '../../http/csv-cell.js';
import { fileUrl } from '../uploads/index.js';
import { actorOf, fingerprint, recordAudit } from '../audit/index.js';
import { catalogTemplateCsv, catalogTemplateXml } from '../catalogs/index.js';

export type ExportFormat = 'xml' | 'csv';

/** The export path of a feed (without the origin). */
export async function exportPath(db: Db, feed: FeedRow, format: ExportFormat): Promise<string> {
  const [set] = await db
    .select({ catalogId: productSets.catalogId })
    .from(productSets)
    .where(eq(productSets.id, feed.productSetId));
  return exportPathIn(feed, set?.catalogId ?? null, format);
}

/** exportPath when the catalogue of the feed's product set is known (null: the set is gone). */
export function exportPathIn(feed: FeedRow, catalogId: string | null, format: ExportFormat): string {
  return (
    `/export/clients/${feed.clientId}/catalogs/${catalogId ?? 'unknown'}/sets/${feed.productSetId}/` +
    `${feed.id}.${feed.exportToken}.${format}`
  );
}

const price = (amount: number | null, currency: string | null) =>
  amount === null ? '' : withCurrency(formatCents(amount), currency);

/** The exported fields of an item, in Google/Meta names; image_link is the ad. */
function exportFields(item: CatalogItemRow, adUrl: string): [string, string][] {
  const saleDates =
    item.salePriceStart || item.salePriceEnd
      ? `${item.salePriceStart?.toISOString() ?? ''}/${item.salePriceEnd?.toISOString() ?? ''}`
      : '';
  return [
    ['id', item.itemId],
    ['title', item.title],
    ['description', item.description],
    ['availability', item.availability],
    ['condition', item.condition],
    ['price', price(item.priceAmount, item.currency)],
    ['sale_price', price(item.salePriceAmount, item.currency)],
    ['sale_price_effective_date', saleDates],
    ['link', item.link],
    ['image_link', adUrl],
    // The header of an empty export is read from an empty item: no lists there.
    [
      'additional_image_link',
      [item.imageLink, ...(item.additionalImageLinks ?? [])].filter(Boolean).join(','),
    ],
    ['brand', item.brand],
    ['item_group_id', item.itemGroupId],
    ['product_type', item.productType],
    ['google_product_category', item.googleProductCategory],
    ['custom_label_0', item.customLabel0],
    ['custom_label_1', item.customLabel1],
    ['custom_label_2', item.customLabel2],
    ['custom_label_3', item.customLabel3],
    ['custom_label_4', item.customLabel4],
  ];
}

/** Generated items of a feed in pages of 500, in item id order. */
async function* generatedItems(db: Db, feedId: string, importId: string) {
  let after = '';
  for (;;) {
    const rows = await db
      .select({ item: catalogItems, outputKey: feedCreatives.outputKey })
      .from(feedCreatives)
      .innerJoin(
        catalogItems,
        and(eq(catalogItems.importId, importId), eq(catalogItems.itemId, feedCreatives.itemId)),
      )
      .where(
        and(
          eq(feedCreatives.feedId, feedId),
          // An ad being checked again stays exported with its current image until the check ends.
          inArray(feedCreatives.status, ['generated', 'pending', 'in_progress']),
          isNotNull(feedCreatives.outputKey),
          gt(feedCreatives.itemId, after),
        ),
      )
      .orderBy(asc(feedCreatives.itemId))
      .limit(500);
    for (const row of rows) if (row.outputKey) yield { item: row.item, outputKey: row.outputKey };
    if (rows.length < 500) return;
    after = rows.at(-1)!.item.itemId;
  }
}

async function* render(deps: AppDeps, feed: FeedRow, importId: string, format: ExportFormat) {
  if (format === 'xml') {
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n';
    yield `<title>${escapeXml(feed.name)}</title>\n`;
  }
  let header = false;
  for await (const { item, outputKey } of generatedItems(deps.db, feed.id, importId)) {
    const fields = exportFields(item, fileUrl(deps.config, outputKey));
    if (format === 'xml') {
      yield `<item>${fields
        .filter(([, value]) => value !== '')
        .map(([name, value]) => `<g:${name}>${escapeXml(value)}</g:${name}>`)
        .join('')}</item>\n`;
    } else {
      if (!header) {
        yield csvLine(fields.map(([name]) => name));
        header = true;
      }
      yield csvLine(fields.map(([, value]) => value));
    }
  }
  if (format === 'xml') yield '</channel>\n</rss>\n';
  else if (!header) yield csvLine(exportFields({} as CatalogItemRow, '').map(([name]) => name));
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * An export fetched is recorded in the audit log without flooding it: ad networks fetch every few
 * minutes, so at most once per clock hour for each token (fetched signed out) or each signed-in user.
 */
async function recordExport(
  deps: AppDeps,
  request: FastifyRequest,
  feed: FeedRow,
  token: string,
  format: ExportFormat,
): Promise<void> {
  const viewer = request.viewer;
  const who = viewer ? `user:${viewer.user.id}` : `token:${fingerprint(token)}`;
  const hour = Math.floor(Date.now() / 3_600_000);
  await recordAudit(deps.db, actorOf(viewer, request.ip), {
    clientId: feed.clientId,
    action: 'feed.exported',
    target: { kind: 'feed', id: feed.id, label: feed.name },
    details: { format, by: viewer ? 'user' : 'token', token: fingerprint(token) },
    onceKey: `feed.exported:${feed.id}:${who}:${hour}`,
  });
}

export async function registerExportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Catalogue template downloads (spec section 3): example files with every canonical column.
  app.get<{ Params: { format: string } }>('/export/catalog-template.:format', async (request, reply) => {
    const format = request.params.format;
    if (format !== 'csv' && format !== 'xml') return reply.code(404).type('text/plain').send('Not found');
    return reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="catalog-template.${format}"`)
      .send(format === 'csv' ? catalogTemplateCsv() : catalogTemplateXml());
  });

  app.get<{ Params: { clientId: string; catalogId: string; setId: string; file: string } }>(
    '/export/clients/:clientId/catalogs/:catalogId/sets/:setId/:file',
    async (request, reply) => {
      const { clientId, catalogId, setId, file } = request.params;
      const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{10,64})\.(xml|csv)$/.exec(file);
      const notFound = () => reply.code(404).type('text/plain').send('Not found');
      if (!match || ![clientId, catalogId, setId].every(isUuid)) return notFound();
      const [, feedId, token, format] = match as unknown as [string, string, string, ExportFormat];
      const [row] = await deps.db
        .select({ feed: feeds, importId: catalogs.currentImportId })
        .from(feeds)
        .innerJoin(productSets, eq(productSets.id, feeds.productSetId))
        .innerJoin(catalogs, eq(catalogs.id, productSets.catalogId))
        .where(
          and(
            eq(feeds.id, feedId),
            eq(feeds.clientId, clientId),
            eq(productSets.id, setId),
            eq(catalogs.id, catalogId),
          ),
        );
      if (!row || !sameToken(row.feed.exportToken, token)) return notFound();
      await recordExport(deps, request, row.feed, token, format);
      reply
        .header('cache-control', 'no-cache')
        .type(format === 'xml' ? 'application/xml; charset=utf-8' : 'text/csv; charset=utf-8');
      if (!row.importId) return reply.send(format === 'xml' ? '<rss version="2.0"><channel/></rss>\n' : '');
      return reply.send(Readable.from(render(deps, row.feed, row.importId, format)));
    },
  );
}
