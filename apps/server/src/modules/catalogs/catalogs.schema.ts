/** Catalogues, their imports and items, and product sets over the client-scoped endpoint (issue 5). */
import { CLIENT, ServerError, builder, payload, type ServerErrorShape } from '../../graphql/builder.js';
import { clientActor } from '../../graphql/context.js';
import {
  catalogSchedules,
  type CatalogImportRow,
  type CatalogItemRow,
  type CatalogRow,
  type ImageHostWarning,
  type ImportWarning,
  isImageHostWarning,
  isImportWarning,
  isRejectedRow,
  type ProductSetRow,
  type RejectedRow,
} from '../../db/schema.js';
import {
  createCatalog,
  deleteCatalog,
  findCatalog,
  findItem,
  listCatalogs,
  listImports,
  listItems,
  ownCatalog,
  updateCatalog,
} from './catalogs.service.js';
import {
  dispatchCatalogImport,
  prepareCatalogImport,
  scheduleNextRefresh,
  startCatalogImport,
  type ImportSourceInput,
  type PreparedImport,
} from './import.jobs.js';
import { createScope, IDEMPOTENCY_KEY_ARG } from '../../graphql/idempotency.js';
import { once } from '../idempotency/index.js';
import {
  createProductSet,
  deleteProductSet,
  findProductSet,
  listProductSets,
  matchingItems,
  readFilter,
  storedFilter,
  updateProductSet,
} from './product-sets.service.js';
import {
  describeFilter,
  formatCents,
  ITEM_ISSUES,
  PRODUCT_SET_FIELDS,
  type ItemIssueCode,
  type ItemIssueRule,
  type ProductSetField,
} from '@adloom/commerce';
import { invalidInput } from '../../errors.js';
import { CANONICAL_FIELDS } from './import/canonical.js';
import { FEED_FORMAT_NAMES, type FeedFormat, type FeedFormatHint } from './import/parse.js';
import {
  catalogDiagnostics,
  type CatalogDiagnostics,
  type CatalogIssueCount,
  type ImageCheckState,
  type NetworkReadiness,
} from './diagnostics/diagnostics.service.js';
import { restartImageCheck } from './diagnostics/image-check.jobs.js';
import { productCatalogItemId } from './catalog-item-id.js';
import { audited, auditActor } from '../audit/index.js';
import { CATALOG_IMPORTS, CATALOG_ITEM_COUNT, PRODUCT_SET_ITEM_COUNT } from './catalog-loaders.js';

const CatalogSchedule = builder.enumType('CatalogSchedule', {
  subGraphs: CLIENT,
  values: catalogSchedules.map((s) => s.toUpperCase()) as ['NONE', 'HOURLY', 'DAILY', 'WEEKLY'],
});
type ScheduleName = 'NONE' | 'HOURLY' | 'DAILY' | 'WEEKLY';
const toSchedule = (s: ScheduleName | null | undefined) =>
  s ? (s.toLowerCase() as CatalogRow['schedule']) : undefined;

const RejectedRowRef = builder.objectRef<RejectedRow>('RejectedRow').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    row: t.exposeInt('row'),
    id: t.string({ nullable: true, resolve: (r) => r.id }),
    reason: t.string({ description: 'Every reason, separated by semicolons.', resolve: (r) => r.reason }),
    reasons: t.stringList({
      description: 'Each problem of the row: it is skipped for all of them.',
      resolve: (r) => r.reasons ?? [r.reason],
    }),
  }),
});

const CatalogFeedFormat = builder.enumType('CatalogFeedFormat', {
  subGraphs: CLIENT,
  description:
    'What a catalogue feed is, when the user says so instead of letting the importer tell it from the first bytes.',
  values: {
    CSV: { value: 'csv', description: 'Comma, semicolon or pipe separated values (Google, Meta).' },
    TSV: { value: 'tsv', description: 'Tab-separated values.' },
    XML: { value: 'xml', description: 'RSS 2.0 or Atom 1.0 (Google, Meta).' },
    JSON: { value: 'json', description: 'A JSON array of products, or an object holding one.' },
    JSON_LINES: { value: 'jsonl', description: 'One JSON product per line.' },
    SHOPIFY: { value: 'shopify', description: "Shopify's products export (CSV, one row per variant)." },
  } as const,
});

const ImportWarningRef = builder.objectRef<ImportWarning>('ImportWarning').implement({
  subGraphs: CLIENT,
  description: 'A change an import made to a row it kept, e.g. characters XML cannot hold removed.',
  fields: (t) => ({
    row: t.exposeInt('row'),
    id: t.string({ nullable: true, resolve: (w) => w.id }),
    column: t.exposeString('column', { description: 'The source column whose value was changed.' }),
    reason: t.exposeString('reason'),
  }),
});

const ImageHostWarningRef = builder.objectRef<ImageHostWarning>('ImageHostWarning').implement({
  subGraphs: CLIENT,
  description:
    "A host of the items' images that the server may not fetch from (a private or local address not in FETCH_ALLOW_HOSTS): their ads cannot show those images.",
  fields: (t) => ({
    host: t.exposeString('host'),
    itemCount: t.int({ description: 'Items with at least one image there.', resolve: (w) => w.items }),
    message: t.string({
      description: 'What is wrong and the setting that allows it.',
      resolve: (w) => w.reason,
    }),
  }),
});

const CatalogImport = builder.objectRef<CatalogImportRow>('CatalogImport').implement({
  subGraphs: CLIENT,
  description: 'One import of a catalogue and its report.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.string({ description: 'queued, running, completed or failed.', resolve: (i) => i.status }),
    format: t.string({
      nullable: true,
      description: 'The format read: csv, tsv, rss, atom, json, jsonl or shopify.',
      resolve: (i) => i.format,
    }),
    formatName: t.string({
      nullable: true,
      description: "The format read, as the report names it: 'Shopify products export (CSV)'.",
      resolve: (i) => (i.format ? (FEED_FORMAT_NAMES[i.format as FeedFormat] ?? i.format) : null),
    }),
    rowsRead: t.exposeInt('rowsRead'),
    added: t.exposeInt('added'),
    updated: t.exposeInt('updated'),
    removed: t.exposeInt('removed'),
    unchanged: t.exposeInt('unchanged'),
    rejectedCount: t.exposeInt('rejectedCount'),
    rejected: t.field({
      type: [RejectedRowRef],
      resolve: (i) => i.rejected.filter(isRejectedRow),
    }),
    warnings: t.field({
      type: [ImportWarningRef],
      description: 'The first 1000 warnings about rows that were kept.',
      resolve: (i) => i.rejected.filter(isImportWarning),
    }),
    imageHostWarnings: t.field({
      type: [ImageHostWarningRef],
      description:
        'Image hosts the server may not fetch from, found when the import finished (the most used 20 hosts are checked).',
      resolve: (i) => i.rejected.filter(isImageHostWarning),
    }),
    unknownColumns: t.stringList({ resolve: (i) => i.unknownColumns }),
    error: t.string({ nullable: true, resolve: (i) => i.error }),
    createdAt: t.field({ type: 'DateTime', resolve: (i) => i.createdAt }),
    startedAt: t.field({ type: 'DateTime', nullable: true, resolve: (i) => i.startedAt }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (i) => i.finishedAt }),
  }),
});

const ItemIssueRef = builder.objectRef<ItemIssueRule>('ItemIssue').implement({
  subGraphs: CLIENT,
  description: 'Why Meta or Google would refuse (error) or flag (warning) one item.',
  fields: (t) => ({
    code: t.string({ resolve: (r) => r.code }),
    label: t.string({ resolve: (r) => r.label }),
    fix: t.string({ resolve: (r) => r.fix }),
    severity: t.string({ description: 'error or warning.', resolve: (r) => r.severity }),
    networks: t.stringList({ description: 'meta, google.', resolve: (r) => [...r.networks] }),
  }),
});

const money = (amount: number | null) => (amount === null ? null : formatCents(amount));

const CatalogItem = builder.objectRef<CatalogItemRow>('CatalogItem').implement({
  subGraphs: CLIENT,
  description: 'A catalogue item: the canonical fields; prices as decimal text.',
  fields: (t) => ({
    id: t.string({ resolve: (i) => i.itemId }),
    productCatalogItemId: t.id({
      description: 'The id startAdGenerationJob takes: the catalogue and the item.',
      resolve: (i) => productCatalogItemId(i.catalogId, i.itemId),
    }),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    availability: t.exposeString('availability'),
    condition: t.exposeString('condition'),
    price: t.string({ nullable: true, resolve: (i) => money(i.priceAmount) }),
    salePrice: t.string({ nullable: true, resolve: (i) => money(i.salePriceAmount) }),
    currency: t.string({ nullable: true, resolve: (i) => i.currency }),
    salePriceStart: t.field({ type: 'DateTime', nullable: true, resolve: (i) => i.salePriceStart }),
    salePriceEnd: t.field({ type: 'DateTime', nullable: true, resolve: (i) => i.salePriceEnd }),
    link: t.exposeString('link'),
    imageLink: t.exposeString('imageLink'),
    additionalImageLinks: t.stringList({ resolve: (i) => i.additionalImageLinks }),
    brand: t.exposeString('brand'),
    itemGroupId: t.exposeString('itemGroupId'),
    productType: t.exposeString('productType'),
    googleProductCategory: t.exposeString('googleProductCategory'),
    customLabels: t.stringList({
      resolve: (i) => [i.customLabel0, i.customLabel1, i.customLabel2, i.customLabel3, i.customLabel4],
    }),
    rating: t.float({ nullable: true, resolve: (i) => i.rating }),
    reviewCount: t.int({ nullable: true, resolve: (i) => i.reviewCount }),
    inventory: t.int({ nullable: true, resolve: (i) => i.inventory }),
    extraJson: t.string({
      description: 'The fields the importer did not know, as a JSON object.',
      resolve: (i) => JSON.stringify(i.extra),
    }),
    issues: t.field({
      type: [ItemIssueRef],
      description:
        'What Meta and Google would say of the item (image size once it is measured); empty for items imported before diagnostics.',
      resolve: (i) =>
        (i.issues ?? [])
          .filter((code) => Object.hasOwn(ITEM_ISSUES, code))
          .map((code) => ITEM_ISSUES[code as ItemIssueCode]),
    }),
  }),
});

const CatalogItemsPage = builder
  .objectRef<{ total: number; items: CatalogItemRow[] }>('CatalogItemsPage')
  .implement({
    subGraphs: CLIENT,
    fields: (t) => ({
      total: t.exposeInt('total'),
      items: t.field({ type: [CatalogItem], resolve: (p) => p.items }),
    }),
  });

const IssueRuleRef = builder.objectRef<CatalogIssueCount>('CatalogIssue').implement({
  subGraphs: CLIENT,
  description: 'Why Meta or Google would refuse (error) or flag (warning) items, and how many items have it.',
  fields: (t) => ({
    code: t.string({
      description: 'The issue code (catalogItems takes it as issue).',
      resolve: (i) => i.rule.code,
    }),
    label: t.string({ resolve: (i) => i.rule.label }),
    fix: t.string({ description: 'What to change in the feed.', resolve: (i) => i.rule.fix }),
    severity: t.string({ description: 'error or warning.', resolve: (i) => i.rule.severity }),
    networks: t.stringList({ description: 'meta, google.', resolve: (i) => [...i.rule.networks] }),
    itemCount: t.int({ resolve: (i) => i.itemCount }),
  }),
});

const NetworkReadinessRef = builder.objectRef<NetworkReadiness>('NetworkReadiness').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    network: t.string({ description: 'meta or google.', resolve: (n) => n.network }),
    readyCount: t.int({
      description: "Items with no issue the network refuses (warnings don't count against it).",
      resolve: (n) => n.readyCount,
    }),
  }),
});

const ImageFailureRef = builder
  .objectRef<{ reason: string; imageCount: number }>('CatalogImageFailure')
  .implement({
    subGraphs: CLIENT,
    fields: (t) => ({
      reason: t.exposeString('reason'),
      imageCount: t.exposeInt('imageCount'),
    }),
  });

const ImageCheckRef = builder.objectRef<ImageCheckState>('CatalogImageCheck').implement({
  subGraphs: CLIENT,
  description: "The measuring of the items' main images (the networks' minimum sizes).",
  fields: (t) => ({
    total: t.int({ description: 'Distinct main images of the current items.', resolve: (c) => c.total }),
    measured: t.int({ description: 'Of them, measured.', resolve: (c) => c.measured }),
    failed: t.int({
      description: 'Of them, that could not be downloaded or read.',
      resolve: (c) => c.failed,
    }),
    done: t.boolean({ description: 'The check of the current import has finished.', resolve: (c) => c.done }),
    failures: t.field({ type: [ImageFailureRef], resolve: (c) => c.failures }),
  }),
});

const DiagnosticsRef = builder.objectRef<CatalogDiagnostics>('CatalogDiagnostics').implement({
  subGraphs: CLIENT,
  description: "The current items' readiness for Meta and Google, as their catalogue diagnostics judge them.",
  fields: (t) => ({
    itemCount: t.exposeInt('itemCount'),
    diagnosed: t.boolean({
      description: 'False when items were imported before the diagnostics existed: import again.',
      resolve: (d) => d.diagnosed,
    }),
    networks: t.field({ type: [NetworkReadinessRef], resolve: (d) => d.networks }),
    issues: t.field({
      type: [IssueRuleRef],
      description: 'Refusals first, then flags; most items first within each.',
      resolve: (d) => d.issues,
    }),
    images: t.field({ type: ImageCheckRef, resolve: (d) => d.images }),
  }),
});

export const Catalog = builder.objectRef<CatalogRow>('Catalog').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    sourceUrl: t.string({ nullable: true, resolve: (c) => c.sourceUrl }),
    schedule: t.field({ type: CatalogSchedule, resolve: (c) => c.schedule.toUpperCase() as ScheduleName }),
    columnMappingJson: t.string({
      description: 'Source column → canonical field (or ignore), as a JSON object.',
      resolve: (c) => JSON.stringify(c.columnMapping),
    }),
    feedFormat: t.field({
      type: CatalogFeedFormat,
      nullable: true,
      description: 'The format the user chose; null: told from the first bytes of each feed.',
      resolve: (c) => (c.feedFormat as FeedFormatHint | null) ?? null,
    }),
    currency: t.string({
      nullable: true,
      description: 'ISO 4217 currency of prices written without one (Shopify exports).',
      resolve: (c) => c.currency,
    }),
    itemCount: t.int({ resolve: (c, _a, ctx) => ctx.loaders.of(CATALOG_ITEM_COUNT).load(c) }),
    nextImportAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.nextImportAt }),
    diagnostics: t.field({
      type: DiagnosticsRef,
      nullable: true,
      description: 'Null before the first import completed.',
      resolve: (c, _a, ctx) => catalogDiagnostics(ctx.deps.db, c),
    }),
    imports: t.field({
      type: [CatalogImport],
      description: 'Newest first.',
      resolve: (c, _a, ctx) => ctx.loaders.of(CATALOG_IMPORTS).load(c),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.createdAt }),
  }),
});

const ProductSetFieldRef = builder.objectRef<ProductSetField>('ProductSetField').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    name: t.exposeString('name'),
    label: t.exposeString('label'),
    kind: t.string({ description: 'text or number', resolve: (f) => f.kind }),
  }),
});

const ProductSet = builder.objectRef<ProductSetRow>('ProductSet').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.exposeID('id'),
    catalogId: t.exposeID('catalogId'),
    name: t.exposeString('name'),
    filterJson: t.string({
      description: "Meta's product-set filter JSON.",
      resolve: (s) => JSON.stringify(s.filter),
    }),
    description: t.string({ resolve: (s) => storedFilter(s).description }),
    itemCount: t.int({ resolve: (s, _a, ctx) => ctx.loaders.of(PRODUCT_SET_ITEM_COUNT).load(s) }),
    updatedAt: t.field({ type: 'DateTime', resolve: (s) => s.updatedAt }),
  }),
});

type CatalogPayloadShape = {
  catalog?: CatalogRow | null;
  import?: CatalogImportRow | null;
  error?: ServerErrorShape | null;
};
const CatalogPayload = builder.objectRef<CatalogPayloadShape>('CatalogPayload').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    catalog: t.field({ type: Catalog, nullable: true, resolve: (p) => p.catalog ?? null }),
    import: t.field({ type: CatalogImport, nullable: true, resolve: (p) => p.import ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

type ProductSetPayloadShape = { productSet?: ProductSetRow | null; error?: ServerErrorShape | null };
const ProductSetPayload = builder.objectRef<ProductSetPayloadShape>('ProductSetPayload').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    productSet: t.field({ type: ProductSet, nullable: true, resolve: (p) => p.productSet ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

type DeletedShape = { deletedId?: string | null; error?: ServerErrorShape | null };
const DeletedPayload = builder.objectRef<DeletedShape>('DeletedPayload').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    deletedId: t.id({ nullable: true, resolve: (p) => p.deletedId ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

type MatchShape = {
  total?: number | null;
  items?: CatalogItemRow[];
  description?: string;
  error?: ServerErrorShape | null;
};
const FilterPreview = builder.objectRef<MatchShape>('FilterPreview').implement({
  subGraphs: CLIENT,
  description: "A filter's matching count and first items, for the rule editor.",
  fields: (t) => ({
    total: t.int({ nullable: true, resolve: (p) => p.total ?? null }),
    items: t.field({ type: [CatalogItem], resolve: (p) => p.items ?? [] }),
    description: t.string({ nullable: true, resolve: (p) => p.description ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

builder.queryFields((t) => ({
  catalogs: t.field({
    subGraphs: CLIENT,
    type: [Catalog],
    resolve: (_r, _a, ctx) => listCatalogs(ctx.deps.db, clientActor(ctx).clientId),
  }),
  catalog: t.field({
    subGraphs: CLIENT,
    type: Catalog,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => findCatalog(ctx.deps.db, clientActor(ctx).clientId, String(args.id)),
  }),
  catalogItems: t.field({
    subGraphs: CLIENT,
    type: CatalogItemsPage,
    description: 'A page of the current items; searchString looks in id, title and brand.',
    args: {
      catalogId: t.arg.id({ required: true }),
      searchString: t.arg.string(),
      filterJson: t.arg.string({ description: 'Only items passing this product-set filter.' }),
      issue: t.arg.string({ description: 'Only items with this diagnostics issue (CatalogIssue.code).' }),
      offset: t.arg.int(),
      limit: t.arg.int(),
    },
    resolve: async (_r, args, ctx) => {
      const catalog = await ownCatalog(ctx.deps.db, clientActor(ctx).clientId, String(args.catalogId));
      const page = {
        searchString: args.searchString,
        issue: args.issue,
        offset: args.offset ?? 0,
        limit: args.limit ?? 50,
      };
      if (args.filterJson) return matchingItems(ctx.deps.db, catalog, readFilter(args.filterJson), page);
      return listItems(ctx.deps.db, catalog, page);
    },
  }),
  catalogItem: t.field({
    subGraphs: CLIENT,
    type: CatalogItem,
    nullable: true,
    args: { catalogId: t.arg.id({ required: true }), itemId: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) =>
      findItem(
        ctx.deps.db,
        await ownCatalog(ctx.deps.db, clientActor(ctx).clientId, String(args.catalogId)),
        args.itemId,
      ),
  }),
  productSets: t.field({
    subGraphs: CLIENT,
    type: [ProductSet],
    args: { catalogId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      listProductSets(ctx.deps.db, clientActor(ctx).clientId, String(args.catalogId)),
  }),
  catalogColumnFields: t.stringList({
    subGraphs: CLIENT,
    description: 'The canonical catalogue fields a source column can be mapped to, in display order.',
    resolve: (_r, _a, ctx) => {
      clientActor(ctx);
      return [...CANONICAL_FIELDS];
    },
  }),
  productSetFields: t.field({
    subGraphs: CLIENT,
    type: [ProductSetFieldRef],
    description: 'The fields a product-set rule can test (extra fields by their own name too).',
    resolve: (_r, _a, ctx) => {
      clientActor(ctx);
      return PRODUCT_SET_FIELDS;
    },
  }),
  productSetPreview: t.field({
    subGraphs: CLIENT,
    type: FilterPreview,
    args: {
      catalogId: t.arg.id({ required: true }),
      filterJson: t.arg.string({ required: true }),
      limit: t.arg.int(),
    },
    resolve: async (_r, args, ctx) => {
      const catalog = await ownCatalog(ctx.deps.db, clientActor(ctx).clientId, String(args.catalogId));
      return payload(async () => {
        const filter = readFilter(args.filterJson);
        const page = await matchingItems(ctx.deps.db, catalog, filter, { limit: args.limit ?? 5 });
        return { ...page, description: describeFilter(filter) };
      });
    },
  }),
}));

const CatalogSourceInput = builder.inputType('CatalogSourceInput', {
  subGraphs: CLIENT,
  description:
    'Where an import reads from: an uploaded file (its key; an upload starts one import, which reads a checked ' +
    'copy of it) or the catalogue URL.',
  fields: (t) => ({ uploadKey: t.string() }),
});

builder.mutationFields((t) => ({
  createCatalog: t.field({
    subGraphs: CLIENT,
    type: CatalogPayload,
    description: 'Creates a catalogue and starts its first import (from the URL, or the uploaded file).',
    args: {
      name: t.arg.string({ required: true }),
      sourceUrl: t.arg.string(),
      uploadKey: t.arg.string(),
      schedule: t.arg({ type: CatalogSchedule }),
      columnMappingJson: t.arg.string(),
      feedFormat: t.arg({ type: CatalogFeedFormat, description: 'Omit to tell the format from the feed.' }),
      currency: t.arg.string({ description: 'ISO 4217 code for prices written without a currency.' }),
      idempotencyKey: t.arg.string(IDEMPOTENCY_KEY_ARG),
    },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const actor = clientActor(ctx);
        const source: ImportSourceInput = { uploadKey: args.uploadKey };
        // One transaction: a refused source (a missing or foreign upload) leaves no catalogue behind.
        const { value, replayed } = await once<{ catalog: CatalogRow; prepared: PreparedImport | null }>(
          ctx.deps.db,
          createScope(actor, 'createCatalog', args.idempotencyKey),
          async (tx) => {
            const catalog = await createCatalog(tx, actor.clientId, {
              name: args.name,
              sourceUrl: args.sourceUrl,
              schedule: toSchedule(args.schedule),
              columnMapping: readMapping(args.columnMappingJson),
              feedFormat: args.feedFormat ?? null,
              currency: args.currency,
            });
            const prepared = await prepareCatalogImport({ ...ctx.deps, db: tx }, catalog, source);
            return { catalog, prepared };
          },
          (created) => created.catalog.id,
          async (db, id) => {
            const catalog = await findCatalog(db, actor.clientId, id);
            return catalog && { catalog, prepared: null };
          },
        );
        const { catalog, prepared } = value;
        if (replayed || !prepared) {
          const [latest] = await listImports(ctx.deps.db, actor.clientId, catalog.id);
          return { catalog, import: latest ?? null };
        }
        await dispatchCatalogImport(ctx.deps, catalog, prepared);
        const nextImportAt = await scheduleNextRefresh(ctx.deps, catalog);
        return { catalog: { ...catalog, nextImportAt }, import: prepared.queued };
      }),
  }),
  updateCatalog: t.field({
    subGraphs: CLIENT,
    type: CatalogPayload,
    args: {
      id: t.arg.id({ required: true }),
      name: t.arg.string({ required: true }),
      sourceUrl: t.arg.string(),
      schedule: t.arg({ type: CatalogSchedule }),
      columnMappingJson: t.arg.string(),
      feedFormat: t.arg({
        type: CatalogFeedFormat,
        description: 'Omitted: unchanged; null: tell the format from the feed again.',
      }),
      currency: t.arg.string({ description: "Omitted: unchanged; null or '': none." }),
    },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const catalog = await updateCatalog(ctx.deps.db, clientActor(ctx).clientId, String(args.id), {
          name: args.name,
          sourceUrl: args.sourceUrl,
          schedule: toSchedule(args.schedule),
          columnMapping:
            args.columnMappingJson === undefined ? undefined : readMapping(args.columnMappingJson),
          feedFormat: args.feedFormat,
          currency: args.currency,
        });
        const nextImportAt = await scheduleNextRefresh(ctx.deps, catalog);
        return { catalog: { ...catalog, nextImportAt } };
      }),
  }),
  importCatalog: t.field({
    subGraphs: CLIENT,
    type: CatalogPayload,
    description: 'Imports the catalogue again now: from an uploaded file, or from its URL.',
    args: { id: t.arg.id({ required: true }), source: t.arg({ type: CatalogSourceInput }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const catalog = await ownCatalog(ctx.deps.db, clientActor(ctx).clientId, String(args.id));
        const started = await startCatalogImport(ctx.deps, catalog, { uploadKey: args.source?.uploadKey });
        return { catalog, import: started };
      }),
  }),
  checkCatalogImages: t.field({
    subGraphs: CLIENT,
    type: CatalogPayload,
    description:
      "Measures the current items' main images again (the diagnostics' image sizes), in the background.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const catalog = await ownCatalog(ctx.deps.db, clientActor(ctx).clientId, String(args.id));
        const { currentImportId } = catalog;
        if (!currentImportId) throw invalidInput('Import the catalogue first: it has no items to check.');
        await restartImageCheck(ctx.deps, { ...catalog, currentImportId });
        return { catalog };
      }),
  }),
  deleteCatalog: t.field({
    subGraphs: CLIENT,
    type: DeletedPayload,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const { clientId } = clientActor(ctx);
        const catalog = await audited(
          ctx.deps.db,
          auditActor(ctx),
          (tx) => deleteCatalog(tx, clientId, String(args.id)),
          (deleted) => ({
            clientId,
            action: 'catalog.deleted',
            target: { kind: 'catalog', id: deleted.id, label: deleted.name },
          }),
        );
        return { deletedId: catalog.id };
      }),
  }),
  createProductSet: t.field({
    subGraphs: CLIENT,
    type: ProductSetPayload,
    args: {
      catalogId: t.arg.id({ required: true }),
      name: t.arg.string({ required: true }),
      filterJson: t.arg.string(),
      idempotencyKey: t.arg.string(IDEMPOTENCY_KEY_ARG),
    },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const actor = clientActor(ctx);
        const { value } = await once(
          ctx.deps.db,
          createScope(actor, 'createProductSet', args.idempotencyKey),
          (tx) =>
            createProductSet(tx, actor.clientId, {
              catalogId: String(args.catalogId),
              name: args.name,
              filter: args.filterJson,
            }),
          (set) => set.id,
          async (db, id) => (await findProductSet(db, actor.clientId, id))?.set,
        );
        return { productSet: value };
      }),
  }),
  updateProductSet: t.field({
    subGraphs: CLIENT,
    type: ProductSetPayload,
    args: {
      id: t.arg.id({ required: true }),
      name: t.arg.string({ required: true }),
      filterJson: t.arg.string(),
    },
    resolve: (_r, args, ctx) =>
      payload(async () => ({
        productSet: await updateProductSet(ctx.deps.db, clientActor(ctx).clientId, String(args.id), {
          name: args.name,
          filter: args.filterJson ?? undefined,
        }),
      })),
  }),
  deleteProductSet: t.field({
    subGraphs: CLIENT,
    type: DeletedPayload,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const { clientId } = clientActor(ctx);
        const set = await audited(
          ctx.deps.db,
          auditActor(ctx),
          (tx) => deleteProductSet(tx, clientId, String(args.id)),
          (deleted) => ({
            clientId,
            action: 'product_set.deleted',
            target: { kind: 'product_set', id: deleted.id, label: deleted.name },
          }),
        );
        return { deletedId: set.id };
      }),
  }),
}));

/** A column mapping sent as JSON text: { "source column": "canonical field or ignore" }. */
function readMapping(json: string | null | undefined): Record<string, string> | undefined {
  if (json === null || json === undefined || json.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw invalidInput('The column mapping is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalidInput('The column mapping must be a JSON object of column names to field names.');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.some(([, field]) => typeof field !== 'string'))
    throw invalidInput('Each column must map to a field name (text).');
  return Object.fromEntries(entries) as Record<string, string>;
}
