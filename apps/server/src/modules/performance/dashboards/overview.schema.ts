/**
 * The overview's and the performance screen's queries (docs/issue-18/dashboards-api.graphql):
 * performanceContext, performanceComparison, performanceTimeSeries and topAds.
 */
import { CLIENT, builder } from '../../../graphql/builder.js';
import { clientActor } from '../../../graphql/context.js';
import {
  AdPerformanceSummary,
  ComparisonInput,
  MetricValuesRef,
  PerformanceAdRef,
  PerformanceFilterInput,
  PerformanceMetricEnum,
  TimeGrainEnum,
  scopeOf,
} from '../performance.schema.js';
import { adSums, adsWithValues, pickTopAds } from './ads.js';
import { compare, type PerformanceComparisonShape } from './comparison.js';
import { performanceContext, type PerformanceContextShape } from './context.js';
import { metricKeyOf } from './metric-enum.js';
import { minSpendOf } from './settings.js';
import {
  timeSeries,
  type PerformancePointShape,
  type PerformanceSeriesShape,
  type PerformanceTimeSeriesShape,
} from './time-series.js';
import { invalidInput } from '../../../errors.js';

type AccountShape = PerformanceContextShape['accounts'][number];
const PerformanceAccount = builder.objectRef<AccountShape>('PerformanceAccount').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    source: t.exposeString('source', { description: "'meta', 'file' or 'demo'." }),
    currency: t.exposeString('currency'),
    timeZone: t.exposeString('timeZone'),
    lastSyncedAt: t.expose('lastSyncedAt', { type: 'DateTime', nullable: true }),
  }),
});

type CampaignShape = PerformanceContextShape['campaigns'][number];
const PerformanceCampaign = builder.objectRef<CampaignShape>('PerformanceCampaign').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    accountId: t.exposeID('accountId'),
  }),
});

const PerformanceContext = builder.objectRef<PerformanceContextShape>('PerformanceContext').implement({
  subGraphs: CLIENT,
  description: 'What the filters offer and what the page header shows.',
  fields: (t) => ({
    accounts: t.field({
      type: [PerformanceAccount],
      description: "The client's accounts in the current mode (demo or real).",
      resolve: (c) => c.accounts,
    }),
    campaigns: t.field({ type: [PerformanceCampaign], resolve: (c) => c.campaigns }),
    currencies: t.exposeStringList('currencies'),
    attributionSettings: t.exposeStringList('attributionSettings', {
      description: 'Of the accounts read, e.g. "7-day click or 1-day view".',
    }),
    firstDay: t.expose('firstDay', { type: 'Date', nullable: true }),
    lastDay: t.expose('lastDay', { type: 'Date', nullable: true }),
    hasData: t.exposeBoolean('hasData'),
    demo: t.exposeBoolean('demo', { description: 'The data shown is the demo data set.' }),
    minSpend: t.exposeFloat('minSpend'),
  }),
});

const PerformanceComparison = builder
  .objectRef<PerformanceComparisonShape>('PerformanceComparison')
  .implement({
    subGraphs: CLIENT,
    fields: (t) => ({
      current: t.field({ type: AdPerformanceSummary, resolve: (c) => c.current }),
      previous: t.field({ type: AdPerformanceSummary, resolve: (c) => c.previous }),
      previousFrom: t.expose('previousFrom', { type: 'Date' }),
      previousTo: t.expose('previousTo', { type: 'Date' }),
    }),
  });

const PerformancePoint = builder.objectRef<PerformancePointShape>('PerformancePoint').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    day: t.expose('day', { type: 'Date', description: 'The first day of the bucket.' }),
    values: t.field({ type: MetricValuesRef, resolve: (p) => p.values }),
  }),
});

const PerformanceSeries = builder.objectRef<PerformanceSeriesShape>('PerformanceSeries').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    key: t.exposeString('key', { description: '"total" or a campaign id.' }),
    label: t.exposeString('label'),
    points: t.field({ type: [PerformancePoint], resolve: (s) => s.points }),
  }),
});

const PerformanceTimeSeries = builder
  .objectRef<PerformanceTimeSeriesShape>('PerformanceTimeSeries')
  .implement({
    subGraphs: CLIENT,
    fields: (t) => ({
      grain: t.field({ type: TimeGrainEnum, resolve: (s) => s.grain }),
      current: t.field({
        type: [PerformanceSeries],
        description: '"total" first, then one per campaign when splitByCampaign.',
        resolve: (s) => s.current,
      }),
      comparison: t.field({
        type: [PerformanceSeries],
        description: 'The same over the comparison range (total only), aligned by bucket index.',
        resolve: (s) => s.comparison,
      }),
      comparisonFrom: t.expose('comparisonFrom', { type: 'Date' }),
      comparisonTo: t.expose('comparisonTo', { type: 'Date' }),
      currency: t.exposeString('currency', { nullable: true }),
    }),
  });

const MAX_LIMIT = 100;
export function checkLimit(limit: number | null | undefined, fallback: number): number {
  if (limit == null) return fallback;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw invalidInput(`limit must be a whole number from 1 to ${MAX_LIMIT} (got ${limit}).`);
  return limit;
}

builder.queryFields((t) => ({
  performanceContext: t.field({
    subGraphs: CLIENT,
    type: PerformanceContext,
    resolve: (_r, _a, ctx) => {
      const actor = clientActor(ctx);
      return performanceContext(ctx.deps.db, actor.clientId, actor.user.demoMode);
    },
  }),
  performanceComparison: t.field({
    subGraphs: CLIENT,
    type: PerformanceComparison,
    description:
      'The range’s totals against the comparison period’s (absent: the previous period of the same length), from the same accounts.',
    args: {
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
      filter: t.arg({ type: PerformanceFilterInput }),
      comparison: t.arg({ type: ComparisonInput }),
    },
    resolve: async (_r, args, ctx) => compare(ctx.deps.db, await scopeOf(ctx, args), args.comparison),
  }),
  performanceTimeSeries: t.field({
    subGraphs: CLIENT,
    type: PerformanceTimeSeries,
    args: {
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
      grain: t.arg({ type: TimeGrainEnum, required: true }),
      filter: t.arg({ type: PerformanceFilterInput }),
      comparison: t.arg({ type: ComparisonInput }),
      splitByCampaign: t.arg.boolean(),
    },
    resolve: async (_r, args, ctx) =>
      timeSeries(ctx.deps.db, await scopeOf(ctx, args), args.grain, {
        comparison: args.comparison,
        splitByCampaign: args.splitByCampaign,
      }),
  }),
  topAds: t.field({
    subGraphs: CLIENT,
    type: [PerformanceAdRef],
    description:
      'The best ads by a metric, best first (lowest first for a cost such as CPA; default limit 5, at most 100). For a ratio (ROAS, CTR, CPA…) only ads that spent at least the client’s minimum spend are listed.',
    args: {
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
      metric: t.arg({ type: PerformanceMetricEnum, required: true }),
      limit: t.arg.int(),
      filter: t.arg({ type: PerformanceFilterInput }),
    },
    resolve: async (_r, args, ctx) => {
      const limit = checkLimit(args.limit, 5);
      const scope = await scopeOf(ctx, args);
      const minSpend = await minSpendOf(ctx.deps.db, scope.clientId);
      const top = pickTopAds(await adSums(ctx.deps.db, scope), metricKeyOf(args.metric), limit, minSpend);
      return adsWithValues(ctx.deps.db, scope.clientId, top);
    },
  }),
}));
