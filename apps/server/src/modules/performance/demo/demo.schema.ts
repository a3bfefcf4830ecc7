/** The demo data set over the client-scoped endpoint: what it holds, and rebuilding it (issue 18). */
import { CLIENT, ServerError, builder, payload, type ServerErrorShape } from '../../../graphql/builder.js';
import { clientActor } from '../../../graphql/context.js';
import type { Db } from '../../../db/client.js';
import { requestFeatureExtraction } from '../creative-features/extract/extract.jobs.js';
import { demoDataState, resetDemoData } from './ensure.js';

interface DemoDataShape {
  exists: boolean;
  firstDay: string | null;
  lastDay: string | null;
  ads: number;
}

async function demoData(db: Db, clientId: string): Promise<DemoDataShape> {
  const state = await demoDataState(db, clientId);
  return state
    ? { exists: true, firstDay: state.firstDay, lastDay: state.lastDay, ads: state.ads }
    : { exists: false, firstDay: null, lastDay: null, ads: 0 };
}

const DemoPerformanceData = builder.objectRef<DemoDataShape>('DemoPerformanceData').implement({
  subGraphs: CLIENT,
  description:
    "The client's demo data set: a source 'demo' ad account the dashboards read while the user's demo mode is on, and only then.",
  fields: (t) => ({
    exists: t.exposeBoolean('exists'),
    firstDay: t.expose('firstDay', { type: 'Date', nullable: true }),
    lastDay: t.expose('lastDay', {
      type: 'Date',
      nullable: true,
      description: 'Yesterday (America/New_York) when current; turning demo mode on brings it up to date.',
    }),
    ads: t.exposeInt('ads'),
  }),
});

const DemoPerformanceDataPayload = builder
  .objectRef<{ data?: DemoDataShape; error?: ServerErrorShape }>('DemoPerformanceDataPayload')
  .implement({
    subGraphs: CLIENT,
    fields: (t) => ({
      data: t.field({ type: DemoPerformanceData, nullable: true, resolve: (p) => p.data ?? null }),
      error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
    }),
  });

builder.queryField('demoPerformanceData', (t) =>
  t.field({
    subGraphs: CLIENT,
    type: DemoPerformanceData,
    resolve: (_r, _a, ctx) => demoData(ctx.deps.db, clientActor(ctx).clientId),
  }),
);

builder.mutationField('resetDemoPerformanceData', (t) =>
  t.field({
    subGraphs: CLIENT,
    type: DemoPerformanceDataPayload,
    description:
      'Deletes the demo data set and builds it again, ending yesterday (the same figures; new ids for its account, campaigns and ads).',
    resolve: (_r, _a, ctx) =>
      payload(async () => {
        const { clientId } = clientActor(ctx);
        await resetDemoData(ctx.deps.db, clientId);
        await requestFeatureExtraction(ctx.deps, clientId);
        return { data: await demoData(ctx.deps.db, clientId) };
      }),
  }),
);
