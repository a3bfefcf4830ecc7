/** The performance area over the client-scoped endpoint: the overview's summary (issue 18). */
import { BASE_METRICS, DERIVED_METRICS } from '@adloom/commerce';
import { CLIENT, builder } from '../../graphql/builder.js';
import { clientActor } from '../../graphql/context.js';
import { accountScope } from './scope.js';
import { summarize, type PerformanceSummary } from './dashboards/summary.js';

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
    resolve: async (_r, args, ctx) => {
      const actor = clientActor(ctx);
      const scope = await accountScope(ctx.deps.db, {
        clientId: actor.clientId,
        demo: actor.user.demoMode,
        from: args.from,
        to: args.to,
        accountIds: args.filter?.accountIds?.map(String),
        campaignIds: args.filter?.campaignIds?.map(String),
        currency: args.filter?.currency,
      });
      return summarize(ctx.deps.db, scope);
    },
  }),
}));
