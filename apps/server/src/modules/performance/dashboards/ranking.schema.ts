/**
 * The ad insights and winners-and-losers screens (docs/issue-18/dashboards-api.graphql):
 * performanceBreakdown, adRanking and setPerformanceMinSpend.
 */
import { CLIENT, ServerError, builder, payload, type ServerErrorShape } from '../../../graphql/builder.js';
import { clientActor } from '../../../graphql/context.js';
import {
  MetricValuesRef,
  PerformanceAdRef,
  PerformanceFilterInput,
  PerformanceMetricEnum,
  scopeOf,
} from '../performance.schema.js';
import {
  BREAKDOWN_NAMES,
  breakdownKeyOf,
  performanceBreakdown,
  type BreakdownRowShape,
} from './breakdown.js';
import { metricKeyOf, metricNameOf } from './metric-enum.js';
import { checkLimit } from './overview.schema.js';
import { adRanking, type AdRankingShape, type RankedAdShape } from './ranking.js';
import { setMinSpend } from './settings.js';

export const PerformanceBreakdownEnum = builder.enumType('PerformanceBreakdown', {
  subGraphs: CLIENT,
  values: BREAKDOWN_NAMES,
});

const BreakdownRow = builder.objectRef<BreakdownRowShape>('BreakdownRow').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    value: t.exposeString('value', { description: 'As stored: `18-24`, `FR`, `facebook · feed`.' }),
    label: t.exposeString('label', { description: 'As shown: 18–24, France, Facebook · Feed.' }),
    values: t.field({ type: MetricValuesRef, resolve: (r) => r.values }),
  }),
});

const RankedAd = builder.objectRef<RankedAdShape>('RankedAd').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    ad: t.field({ type: PerformanceAdRef, resolve: (r) => r.ad }),
    observed: t.exposeFloat('observed', { nullable: true, description: 'The raw metric of the ad.' }),
    estimate: t.exposeFloat('estimate', { description: 'Shrunk towards the mean of the ranked ads.' }),
    low: t.exposeFloat('low', { description: 'Lower end of the 90 % credible interval.' }),
    high: t.exposeFloat('high', { description: 'Upper end of the 90 % credible interval.' }),
    rank: t.exposeInt('rank', { description: '1 = best among winners, worst among losers.' }),
  }),
});

const AdRanking = builder.objectRef<AdRankingShape>('AdRanking').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    metric: t.field({ type: PerformanceMetricEnum, resolve: (r) => metricNameOf(r.metric) }),
    minSpend: t.exposeFloat('minSpend'),
    method: t.exposeString('method', { description: 'How the ads were ranked, for the page.' }),
    prior: t.exposeFloat('prior', { description: 'The mean the estimates shrink towards.' }),
    winners: t.field({ type: [RankedAd], resolve: (r) => r.winners }),
    losers: t.field({ type: [RankedAd], resolve: (r) => r.losers }),
    eligibleAds: t.exposeInt('eligibleAds'),
    excludedBelowMinSpend: t.exposeInt('excludedBelowMinSpend'),
  }),
});

type MinSpendShape = { minSpend?: number | null; error?: ServerErrorShape | null };
const MinSpendPayload = builder.objectRef<MinSpendShape>('SetPerformanceMinSpendPayload').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    minSpend: t.float({ nullable: true, resolve: (p) => p.minSpend ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

builder.queryFields((t) => ({
  performanceBreakdown: t.field({
    subGraphs: CLIENT,
    type: [BreakdownRow],
    description: 'The range’s sums per value of a breakdown, largest spend first.',
    args: {
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
      breakdown: t.arg({ type: PerformanceBreakdownEnum, required: true }),
      filter: t.arg({ type: PerformanceFilterInput }),
    },
    resolve: async (_r, args, ctx) =>
      performanceBreakdown(ctx.deps.db, await scopeOf(ctx, args), breakdownKeyOf(args.breakdown)),
  }),
  adRanking: t.field({
    subGraphs: CLIENT,
    type: AdRanking,
    description:
      'Winners and losers by a rate (CTR, CVR, hook rate, hold rate, ROAS, CPA, CPC, CPM), ranked on an empirical-Bayes estimate, among ads that spent at least the client’s minimum spend (default limit 10 each, at most 100).',
    args: {
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
      metric: t.arg({ type: PerformanceMetricEnum, required: true }),
      limit: t.arg.int(),
      filter: t.arg({ type: PerformanceFilterInput }),
    },
    resolve: async (_r, args, ctx) =>
      adRanking(ctx.deps.db, await scopeOf(ctx, args), metricKeyOf(args.metric), checkLimit(args.limit, 10)),
  }),
}));

builder.mutationFields((t) => ({
  setPerformanceMinSpend: t.field({
    subGraphs: CLIENT,
    type: MinSpendPayload,
    description: 'The spend (in the accounts’ currency) under which an ad is not ranked: zero or more.',
    args: { minSpend: t.arg.float({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => ({
        minSpend: await setMinSpend(ctx.deps.db, clientActor(ctx).clientId, args.minSpend),
      })),
  }),
}));
