/**
 * The Ads Manager export import over the client-scoped endpoint (issue 18, docs/issue-18/import-api.graphql):
 * importAdPerformanceFile starts one from an upload of type AD_PERFORMANCE_FILE; adPerformanceImports lists
 * them with their reports, newest first.
 */
import { CLIENT, ServerError, builder, payload, type ServerErrorShape } from '../../../graphql/builder.js';
import { clientActor } from '../../../graphql/context.js';
import type { RejectedRow } from '../../../db/schema.js';
import {
  listAdPerformanceImports,
  startAdPerformanceImport,
  type AdPerformanceImportView,
} from './import.service.js';

const AdPerformanceImportStatus = builder.enumType('AdPerformanceImportStatus', {
  subGraphs: CLIENT,
  values: {
    QUEUED: { value: 'queued' },
    RUNNING: { value: 'running' },
    COMPLETED: { value: 'completed' },
    FAILED: { value: 'failed', description: 'Nothing was imported; `error` says why.' },
  } as const,
});

const AdPerformanceRejectedRow = builder.objectRef<RejectedRow>('AdPerformanceRejectedRow').implement({
  subGraphs: CLIENT,
  description: 'A row of the file that was not imported, and why.',
  fields: (t) => ({
    row: t.exposeInt('row', {
      description: 'The row number as a spreadsheet shows it (the header row is 1).',
    }),
    reason: t.exposeString('reason'),
  }),
});

const AdPerformanceImport = builder.objectRef<AdPerformanceImportView>('AdPerformanceImport').implement({
  subGraphs: CLIENT,
  description: 'One import of an Ads Manager export (Reports → Export table data) and its report.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: AdPerformanceImportStatus, resolve: (i) => i.status }),
    error: t.exposeString('error', { nullable: true, description: 'Why a failed import failed.' }),
    rowsRead: t.exposeInt('rowsRead', {
      description: "Data rows read (Ads Manager's totals row not counted).",
    }),
    rowsImported: t.exposeInt('rowsImported'),
    rejectedCount: t.exposeInt('rejectedCount'),
    rejectedRows: t.field({
      type: [AdPerformanceRejectedRow],
      description: 'The first 1000 rejected rows.',
      resolve: (i) => i.rejected,
    }),
    unknownColumns: t.exposeStringList('unknownColumns', {
      description: 'Columns the importer does not read, as the file names them.',
    }),
    fileName: t.exposeString('fileName', { nullable: true }),
    format: t.exposeString('format', { nullable: true, description: 'csv or xlsx.' }),
    language: t.exposeString('language', {
      nullable: true,
      description: 'The headers\u2019 language: en, fr or es.',
    }),
    currency: t.exposeString('currency', { nullable: true, description: 'ISO 4217 of the amounts read.' }),
    firstDay: t.field({ type: 'Date', nullable: true, resolve: (i) => i.firstDay }),
    lastDay: t.field({ type: 'Date', nullable: true, resolve: (i) => i.lastDay }),
    accountName: t.string({ nullable: true, resolve: (i) => i.accountName ?? null }),
    createdAt: t.field({ type: 'DateTime', resolve: (i) => i.createdAt }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (i) => i.finishedAt }),
  }),
});

type ImportPayloadShape = { import?: AdPerformanceImportView | null; error?: ServerErrorShape | null };
const ImportAdPerformanceFilePayload = builder
  .objectRef<ImportPayloadShape>('ImportAdPerformanceFilePayload')
  .implement({
    subGraphs: CLIENT,
    fields: (t) => ({
      import: t.field({ type: AdPerformanceImport, nullable: true, resolve: (p) => p.import ?? null }),
      error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
    }),
  });

builder.queryFields((t) => ({
  adPerformanceImports: t.field({
    subGraphs: CLIENT,
    type: [AdPerformanceImport],
    description: "The client's Ads Manager export imports, newest first (the latest 100).",
    resolve: (_r, _args, ctx) => listAdPerformanceImports(ctx.deps.db, clientActor(ctx).clientId),
  }),
}));

builder.mutationFields((t) => ({
  importAdPerformanceFile: t.field({
    subGraphs: CLIENT,
    type: ImportAdPerformanceFilePayload,
    description:
      'Imports an uploaded Ads Manager export (createUploadDestination with uploadType AD_PERFORMANCE_FILE) in the background; follow it in adPerformanceImports.',
    args: { uploadKey: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const actor = clientActor(ctx);
        const started = await startAdPerformanceImport(ctx.deps, {
          clientId: actor.clientId,
          userId: actor.user.id,
          uploadKey: args.uploadKey,
        });
        return { import: started };
      }),
  }),
}));
