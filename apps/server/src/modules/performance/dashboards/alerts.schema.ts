/** The overview's alerts (docs/issue-18/dashboards-api.graphql): performanceAlerts. */
import { CLIENT, builder } from '../../../graphql/builder.js';
import {
  ComparisonInput,
  PerformanceFilterInput,
  PerformanceMetricEnum,
  scopeOf,
} from '../performance.schema.js';
import type { AlertDriverShape, PerformanceAlertShape } from './alerts.js';
import { performanceAlerts } from './alerts-data.js';
import { metricNameOf } from './metric-enum.js';

const PerformanceAlertDriver = builder.objectRef<AlertDriverShape>('PerformanceAlertDriver').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    kind: t.exposeString('kind', {
      description: '"campaign" or a breakdown key (age, gender, country, placement, device).',
    }),
    label: t.exposeString('label'),
    current: t.exposeFloat('current', {
      nullable: true,
      description: 'The metric of this driver in the range.',
    }),
    previous: t.exposeFloat('previous', { nullable: true, description: '…and in the comparison period.' }),
    contribution: t.exposeFloat('contribution', {
      description: 'Share of the total change this driver explains (0.8 = 80 %).',
    }),
  }),
});

const PerformanceAlert = builder.objectRef<PerformanceAlertShape>('PerformanceAlert').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    metric: t.field({ type: PerformanceMetricEnum, resolve: (a) => metricNameOf(a.metric) }),
    current: t.exposeFloat('current', { nullable: true }),
    previous: t.exposeFloat('previous', { nullable: true }),
    change: t.exposeFloat('change', { description: 'Relative change: -0.24 = fell 24 %.' }),
    severity: t.exposeString('severity', {
      description:
        '"critical" (bad news of 40 % or more), "warning" (bad news), "positive" (good news), "info" (a volume).',
    }),
    message: t.exposeString('message'),
    drivers: t.field({ type: [PerformanceAlertDriver], resolve: (a) => a.drivers }),
  }),
});

builder.queryFields((t) => ({
  performanceAlerts: t.field({
    subGraphs: CLIENT,
    type: [PerformanceAlert],
    description:
      'ROAS, CPA, CTR, CPM, spend and purchases when they moved at least 20 % against the comparison period (absent: the previous period), with the campaigns and breakdown values that moved them most.',
    args: {
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
      filter: t.arg({ type: PerformanceFilterInput }),
      comparison: t.arg({ type: ComparisonInput }),
    },
    resolve: async (_r, args, ctx) =>
      performanceAlerts(ctx.deps.db, await scopeOf(ctx, args), args.comparison),
  }),
}));
