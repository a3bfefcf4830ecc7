/**
 * The creative-features pages (issue 19): creativeFeatures (every feature's effect on a metric) and
 * creativeFeature (one feature's effect, ads and days), over the client-scoped endpoint.
 */
import { CLIENT, builder } from '../../../graphql/builder.js';
import { checkLimit } from '../dashboards/overview.schema.js';
import { PerformanceAdRef, PerformanceFilterInput, scopeOf } from '../performance.schema.js';
import {
  CreativeFeatureMetricEnum,
  creativeFeatureMetricKey,
  creativeFeatureMetricName,
} from '../creative-feature-metric.js';
import {
  creativeFeatureDetail,
  creativeFeaturesReport,
  type CreativeFeatureDetailShape,
  type CreativeFeaturesReportShape,
  type EffectShape,
  type ExtractionShape,
  type FeatureAdShape,
  type FeatureInfoShape,
} from './analysis/report.js';
import type { FeaturePointShape } from './analysis/series.js';
import type { LibraryTagShape } from './analysis/template-tags.js';
import { requestFeatureRollup } from './rollup.jobs.js';

const CreativeFeatureTemplateTag = builder
  .objectRef<LibraryTagShape>('CreativeFeatureTemplateTag')
  .implement({
    subGraphs: CLIENT,
    description: 'A tag of the template library (its id filters the library: ?tag=<id>).',
    fields: (t) => ({
      id: t.exposeID('id'),
      group: t.exposeString('group'),
      key: t.exposeString('key'),
    }),
  });

const CreativeFeatureInfo = builder.objectRef<FeatureInfoShape>('CreativeFeatureInfo').implement({
  subGraphs: CLIENT,
  description: 'A feature of a creative (@adloom/commerce CREATIVE_FEATURES, or a style_/industry_ tag).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'text_discount, dominant_color_red, style_minimal…' }),
    label: t.exposeString('label'),
    group: t.exposeString('group'),
    source: t.exposeString('source', { description: '"template" or "image".' }),
    description: t.exposeString('description'),
    templateTag: t.field({
      type: CreativeFeatureTemplateTag,
      nullable: true,
      description: 'Null when no library tag matches ("use in a template" is hidden).',
      resolve: (f) => f.libraryTag,
    }),
  }),
});

const CreativeFeatureEffect = builder.objectRef<EffectShape>('CreativeFeatureEffect').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    feature: t.field({ type: CreativeFeatureInfo, resolve: (e) => e.feature }),
    adsWith: t.exposeInt('adsWith'),
    adsWithout: t.exposeInt('adsWithout'),
    spendWith: t.exposeFloat('spendWith'),
    spendShare: t.exposeFloat('spendShare', {
      description: 'Spend of the ads with it ÷ spend of all analysed ads (0 to 1).',
    }),
    valueWith: t.exposeFloat('valueWith', {
      nullable: true,
      description: 'Spend-weighted mean of each ad’s metric, ads with the feature.',
    }),
    valueWithout: t.exposeFloat('valueWithout', { nullable: true }),
    lift: t.exposeFloat('lift', {
      nullable: true,
      description: 'exp(β) − 1 from the regression (see method); null when not estimable.',
    }),
    liftLow: t.exposeFloat('liftLow', { nullable: true, description: 'Lower end of the 95 % interval.' }),
    liftHigh: t.exposeFloat('liftHigh', { nullable: true, description: 'Upper end of the 95 % interval.' }),
    significant: t.exposeBoolean('significant', { description: 'The interval excludes 0.' }),
    hitRate: t.exposeFloat('hitRate', {
      nullable: true,
      description: 'Winners with it ÷ eligible ads with it; null when none is eligible.',
    }),
    winnersWith: t.exposeInt('winnersWith'),
    sameAdsAs: t.exposeIDList('sameAdsAs', {
      description:
        'Other features of exactly the same analysed ads (among the features analysed): their lift is one estimate that the data cannot split between them.',
    }),
  }),
});

const CreativeFeatureExtraction = builder.objectRef<ExtractionShape>('CreativeFeatureExtraction').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    done: t.exposeInt('done'),
    pending: t.exposeInt('pending'),
    failed: t.exposeInt('failed'),
  }),
});

const CreativeFeaturesReport = builder
  .objectRef<CreativeFeaturesReportShape>('CreativeFeaturesReport')
  .implement({
    subGraphs: CLIENT,
    fields: (t) => ({
      metric: t.field({
        type: CreativeFeatureMetricEnum,
        resolve: (r) => creativeFeatureMetricName(r.metric),
      }),
      method: t.exposeString('method', { description: 'The regression, said for the page.' }),
      winnerDefinition: t.exposeString('winnerDefinition'),
      adsAnalysed: t.exposeInt('adsAnalysed'),
      adsWithoutFeatures: t.exposeInt('adsWithoutFeatures', {
        description: 'Ads with spend in the range whose features are not known.',
      }),
      spendAnalysed: t.exposeFloat('spendAnalysed'),
      currency: t.exposeString('currency', { nullable: true }),
      extraction: t.field({ type: CreativeFeatureExtraction, resolve: (r) => r.extraction }),
      features: t.field({
        type: [CreativeFeatureEffect],
        description: 'Every feature of at least one analysed ad: significant first, then by lift.',
        resolve: (r) => r.features,
      }),
    }),
  });

const CreativeFeatureAd = builder.objectRef<FeatureAdShape>('CreativeFeatureAd').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    ad: t.field({ type: PerformanceAdRef, resolve: (a) => a.ad }),
    spend: t.exposeFloat('spend'),
    value: t.exposeFloat('value', { nullable: true, description: 'The ad’s metric over the range.' }),
    winner: t.exposeBoolean('winner'),
    imageUrl: t.exposeString('imageUrl', { nullable: true }),
  }),
});

const CreativeFeaturePoint = builder.objectRef<FeaturePointShape>('CreativeFeaturePoint').implement({
  subGraphs: CLIENT,
  description:
    'A day: the pooled metric of the ads with the feature and of the other analysed ads that day (their summed numerator over their summed denominator).',
  fields: (t) => ({
    day: t.field({ type: 'Date', resolve: (p) => p.day }),
    valueWith: t.exposeFloat('valueWith', { nullable: true }),
    valueWithout: t.exposeFloat('valueWithout', { nullable: true }),
    spendWith: t.exposeFloat('spendWith'),
    spendWithout: t.exposeFloat('spendWithout'),
  }),
});

const CreativeFeatureDetail = builder
  .objectRef<CreativeFeatureDetailShape>('CreativeFeatureDetail')
  .implement({
    subGraphs: CLIENT,
    fields: (t) => ({
      effect: t.field({
        type: CreativeFeatureEffect,
        description: 'adsWith may be 0: the feature is known, no analysed ad has it in the range.',
        resolve: (d) => d.effect,
      }),
      method: t.exposeString('method'),
      currency: t.exposeString('currency', { nullable: true }),
      ads: t.field({
        type: [CreativeFeatureAd],
        description: 'Ads with the feature, best value first (those under the minimum spend last).',
        resolve: (d) => d.ads,
      }),
      series: t.field({
        type: [CreativeFeaturePoint],
        description: 'One point per day of the range.',
        resolve: (d) => d.series,
      }),
    }),
  });

builder.queryFields((t) => ({
  creativeFeatures: t.field({
    subGraphs: CLIENT,
    type: CreativeFeaturesReport,
    description:
      'Every creative feature of the analysed ads with its effect on the metric (lift from a regression within campaigns, controlling for spend).',
    args: {
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
      metric: t.arg({ type: CreativeFeatureMetricEnum, required: true }),
      filter: t.arg({ type: PerformanceFilterInput }),
    },
    resolve: async (_r, args, ctx) =>
      creativeFeaturesReport(ctx.deps.db, await scopeOf(ctx, args), creativeFeatureMetricKey(args.metric)),
  }),
  creativeFeature: t.field({
    subGraphs: CLIENT,
    type: CreativeFeatureDetail,
    nullable: true,
    description:
      'One feature: its effect, its ads (default limit 24, at most 100) and its days. Null when the id is not a feature.',
    args: {
      id: t.arg.id({ required: true }),
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
      metric: t.arg({ type: CreativeFeatureMetricEnum, required: true }),
      limit: t.arg.int(),
      filter: t.arg({ type: PerformanceFilterInput }),
    },
    resolve: async (_r, args, ctx) => {
      const limit = checkLimit(args.limit, 24);
      const scope = await scopeOf(ctx, args);
      return creativeFeatureDetail(
        ctx.deps.db,
        scope,
        String(args.id),
        creativeFeatureMetricKey(args.metric),
        limit,
        () =>
          void requestFeatureRollup(ctx.deps, scope.clientId).catch((error: unknown) =>
            ctx.deps.log.warn({ err: error, clientId: scope.clientId }, 'could not queue the feature rollup'),
          ),
      );
    },
  }),
}));
