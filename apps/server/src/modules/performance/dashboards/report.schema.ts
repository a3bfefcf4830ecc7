/**
 * The detailed report (docs/issue-18/dashboards-api.graphql): performanceReport, its saved views and their
 * mutations. The CSV of a whole report is report.routes.ts.
 */
import { CLIENT, ServerError, builder, payload, type ServerErrorShape } from '../../../graphql/builder.js';
import { clientActor } from '../../../graphql/context.js';
import {
  MetricValuesRef,
  PerformanceFilterInput,
  PerformanceMetricEnum,
  scopeOf,
} from '../performance.schema.js';
import { metricKeyOf } from './metric-enum.js';
import {
  performanceReport,
  REPORT_DIMENSIONS,
  type PerformanceReportShape,
  type ReportRowShape,
} from './report.js';
import { deleteReportView, listReportViews, saveReportView, type ReportViewShape } from './report-views.js';

const ReportDimensionEnum = builder.enumType('ReportDimension', {
  subGraphs: CLIENT,
  values: REPORT_DIMENSIONS,
});

const ReportInput = builder.inputType('ReportInput', {
  subGraphs: CLIENT,
  fields: (t) => ({
    from: t.field({ type: 'Date', required: true }),
    to: t.field({ type: 'Date', required: true }),
    dimensions: t.field({
      type: [ReportDimensionEnum],
      required: true,
      description: 'One or two; at most one breakdown (AGE, GENDER, COUNTRY, PLACEMENT, DEVICE, PRODUCT_ID).',
    }),
    metrics: t.field({
      type: [PerformanceMetricEnum],
      required: true,
      description: 'The columns shown (and written to the CSV); every row carries all values.',
    }),
    sortBy: t.field({ type: PerformanceMetricEnum, description: 'Default SPEND.' }),
    sortDesc: t.boolean({ description: 'Default true.' }),
    offset: t.int({ description: 'Default 0.' }),
    limit: t.int({ description: 'Default 50, at most 1000.' }),
    filter: t.field({ type: PerformanceFilterInput }),
  }),
});

const ReportRow = builder.objectRef<ReportRowShape>('ReportRow').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    keys: t.exposeStringList('keys', { description: 'Per dimension: an id, a day or a breakdown value.' }),
    labels: t.exposeStringList('labels'),
    values: t.field({ type: MetricValuesRef, resolve: (r) => r.values }),
  }),
});

const PerformanceReport = builder.objectRef<PerformanceReportShape>('PerformanceReport').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    rows: t.field({ type: [ReportRow], resolve: (r) => r.rows }),
    total: t.exposeInt('total', { description: 'Rows of the whole report (every page).' }),
    totals: t.field({ type: MetricValuesRef, description: 'Of every row.', resolve: (r) => r.totals }),
    currency: t.exposeString('currency', { nullable: true }),
  }),
});

const PerformanceReportView = builder.objectRef<ReportViewShape>('PerformanceReportView').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    definition: t.exposeString('definition', {
      description: 'JSON of {dimensions, metrics, sortBy, sortDesc}.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

type ViewPayloadShape = { view?: ReportViewShape | null; error?: ServerErrorShape | null };
const ViewPayload = builder.objectRef<ViewPayloadShape>('PerformanceReportViewPayload').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    view: t.field({ type: PerformanceReportView, nullable: true, resolve: (p) => p.view ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

type DeletedViewShape = { deletedId?: string | null; error?: ServerErrorShape | null };
const DeletedViewPayload = builder
  .objectRef<DeletedViewShape>('DeletePerformanceReportViewPayload')
  .implement({
    subGraphs: CLIENT,
    fields: (t) => ({
      deletedId: t.id({ nullable: true, resolve: (p) => p.deletedId ?? null }),
      error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
    }),
  });

builder.queryFields((t) => ({
  performanceReport: t.field({
    subGraphs: CLIENT,
    type: PerformanceReport,
    description:
      'Rows by one or two dimensions, sorted and paged on the server, with the totals of every row.',
    args: { input: t.arg({ type: ReportInput, required: true }) },
    resolve: async (_r, { input }, ctx) =>
      performanceReport(ctx.deps.db, await scopeOf(ctx, input), {
        dimensions: input.dimensions,
        sortBy: input.sortBy ? metricKeyOf(input.sortBy) : null,
        sortDesc: input.sortDesc,
        offset: input.offset,
        limit: input.limit,
      }),
  }),
  performanceReportViews: t.field({
    subGraphs: CLIENT,
    type: [PerformanceReportView],
    description: 'The client’s saved views, by name.',
    resolve: (_r, _a, ctx) => listReportViews(ctx.deps.db, clientActor(ctx).clientId),
  }),
}));

builder.mutationFields((t) => ({
  savePerformanceReportView: t.field({
    subGraphs: CLIENT,
    type: ViewPayload,
    description: 'Saves a new view; a name the client already uses is refused (NAME_TAKEN).',
    args: { name: t.arg.string({ required: true }), definition: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const actor = clientActor(ctx);
        return {
          view: await saveReportView(ctx.deps.db, actor.clientId, actor.user.id, args.name, args.definition),
        };
      }),
  }),
  deletePerformanceReportView: t.field({
    subGraphs: CLIENT,
    type: DeletedViewPayload,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => ({
        deletedId: await deleteReportView(ctx.deps.db, clientActor(ctx).clientId, String(args.id)),
      })),
  }),
}));
