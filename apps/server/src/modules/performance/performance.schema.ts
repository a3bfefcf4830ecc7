/**
 * The performance area over the client-scoped endpoint (issue 18): the summary and the types every
 * dashboard query shares (metrics, filters, values, ads). The dashboards' queries are in dashboards/*.schema.ts
 * (the contract: docs/issue-18/dashboards-api.graphql).
 */
import { BASE_METRICS, DERIVED_METRICS } from '@adloom/commerce';
import { CLIENT, builder } from '../../graphql/builder.js';
import { clientActor, type GraphQLContext } from '../../graphql/context.js';
import { accountScope, type AccountScope } from './scope.js';
import { summarize, type PerformanceSummary } from './dashboards/summary.js';
import { PERFORMANCE_METRIC_NAMES } from './dashboards/metric-enum.js';
import type { MetricValues } from './dashboards/values.js';
import type { PerformanceAdShape } from './dashboards/ads.js';

export const AdPerformanceSummary = builder.objectRef<PerformanceSummary>('AdPerformanceSummary').implement({
  subGraphs: CLIENT,
  description:
    'Totals of a range: base metrics summed over the ads and days, ratios computed from those sums (@adloom/commerce METRICS gives each definition).',
  fields: (t) => ({
    ...Object.fromEntries(BASE_METRICS.map((k) => [k, t.exposeFloat(k)])),
    ...Object.fromEntries(DERIVED_METRICS.map((k) => [k, t.exposeFloat(k, { nullable: true })])),
    currency: t.exposeString('currency', { nullable: true, description: 'ISO 4217 of the accounts summed.' }),
    days: t.exposeInt('days', { description: 'Days of the range with data.' }),
  }),
});

export const PerformanceFilterInput = builder.inputType('PerformanceFilter', {
  subGraphs: CLIENT,
  fields: (t) => ({
    accountIds: t.idList({ required: false }),
    campaignIds: t.idList({ required: false }),
    currency: t.string({
      required: false,
      description: 'ISO 4217; absent: the currency with the most spend.',
    }),
  }),
});

export const PerformanceMetricEnum = builder.enumType('PerformanceMetric', {
  subGraphs: CLIENT,
  description: 'A metric of @adloom/commerce adMetrics (dashboards/metric-enum.ts maps each to its key).',
  values: PERFORMANCE_METRIC_NAMES,
});

export const TimeGrainEnum = builder.enumType('TimeGrain', {
  subGraphs: CLIENT,
  description: 'Buckets of days: weeks start on Monday; a bucket is labelled by its first day.',
  values: ['DAY', 'WEEK', 'MONTH'] as const,
});

export const ComparisonInput = builder.inputType('ComparisonInput', {
  subGraphs: CLIENT,
  description: 'The period to compare with; absent: the previous period of the same length.',
  fields: (t) => ({
    from: t.field({ type: 'Date', required: true }),
    to: t.field({ type: 'Date', required: true }),
  }),
});

export const MetricValuesRef = builder.objectRef<MetricValues>('MetricValues').implement({
  subGraphs: CLIENT,
  description: 'Base sums of the rows and the ratios computed from them (null where the denominator is 0).',
  fields: (t) => ({
    ...Object.fromEntries(BASE_METRICS.map((k) => [k, t.exposeFloat(k)])),
    ...Object.fromEntries(DERIVED_METRICS.map((k) => [k, t.exposeFloat(k, { nullable: true })])),
  }),
});

type CreativeLink = NonNullable<PerformanceAdShape['ours']>;
const AdCreativeLink = builder.objectRef<CreativeLink>('AdCreativeLink').implement({
  subGraphs: CLIENT,
  description: 'The Adloom feed, design, template and catalogue item an ad’s creative came from.',
  fields: (t) => ({
    feedId: t.exposeID('feedId', { nullable: true }),
    designId: t.exposeID('designId', { nullable: true }),
    templateVersionId: t.exposeID('templateVersionId', { nullable: true }),
    templateId: t.exposeID('templateId', { nullable: true }),
    catalogItemId: t.exposeString('catalogItemId', { nullable: true }),
  }),
});

export const PerformanceAdRef = builder.objectRef<PerformanceAdShape>('PerformanceAd').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    campaignId: t.exposeID('campaignId'),
    campaignName: t.exposeString('campaignName'),
    adSetName: t.exposeString('adSetName'),
    thumbnailUrl: t.exposeString('thumbnailUrl', { nullable: true }),
    creativeUrl: t.exposeString('creativeUrl', { nullable: true }),
    creativeKind: t.exposeString('creativeKind', { nullable: true }),
    ours: t.field({
      type: AdCreativeLink,
      nullable: true,
      description: 'Null when the creative is not one Adloom made.',
      resolve: (a) => a.ours,
    }),
    values: t.field({ type: MetricValuesRef, resolve: (a) => a.values }),
  }),
});

/** The filter arguments of every dashboard query. */
export interface RangeArgs {
  from: string;
  to: string;
  filter?: {
    accountIds?: readonly (string | number)[] | null;
    campaignIds?: readonly (string | number)[] | null;
    currency?: string | null;
  } | null;
}

/** The accounts a query reads for the signed-in user (performance/scope.ts). */
export function scopeOf(ctx: GraphQLContext, args: RangeArgs): Promise<AccountScope> {
  const actor = clientActor(ctx);
  return accountScope(ctx.deps.db, {
    clientId: actor.clientId,
    demo: actor.user.demoMode,
    from: args.from,
    to: args.to,
    accountIds: args.filter?.accountIds?.map(String),
    campaignIds: args.filter?.campaignIds?.map(String),
    currency: args.filter?.currency,
  });
}

builder.queryFields((t) => ({
  adPerformanceSummary: t.field({
    subGraphs: CLIENT,
    type: AdPerformanceSummary,
    description:
      "The client's totals from `from` to `to` (days in each ad account's time zone, both included). Demo data while the user's demo mode is on, real data otherwise.",
    args: {
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
      filter: t.arg({ type: PerformanceFilterInput }),
    },
    resolve: async (_r, args, ctx) => summarize(ctx.deps.db, await scopeOf(ctx, args)),
  }),
}));
