/**
 * The DPA performance screens (issue 19, items 3 and 4): catalogue ads by kind (dpaAds), their products
 * rolled up to items, item groups and categories (dpaItems), the enhancement lift of Adloom creatives over
 * the plain catalogue image (enhancementLift, enhancementLiftByTemplate), and which feed a catalogue ad
 * shows (setCatalogAdFeed).
 */
import { CLIENT, ServerError, builder, payload, type ServerErrorShape } from '../../../graphql/builder.js';
import { clientActor } from '../../../graphql/context.js';
import { invalidInput } from '../../../errors.js';
import { auditActor, audited } from '../../audit/index.js';
import { fileUrl } from '../../uploads/index.js';
import { CreativeFeatureMetricEnum, creativeFeatureMetricName } from '../creative-feature-metric.js';
import { MetricValuesRef, PerformanceAdRef, PerformanceFilterInput, scopeOf } from '../performance.schema.js';
import { dpaAds, type DpaAdRowShape, type DpaAdsReportShape } from './ads-report.js';
import { DPA_AD_KINDS } from './catalog-ads.js';
import {
  DPA_GROUPINGS,
  dpaItems,
  type DpaItemCreativeShape,
  type DpaItemRowShape,
  type DpaItemsReportShape,
} from './items-report.js';
import { enhancementLiftByTemplate, enhancementLiftOf, type TemplateLiftShape } from './lift-report.js';
import type { LiftResult, MetricLift } from './lift.js';
import { setCatalogAdFeed } from './set-feed.js';

/** Rows of dpaItems when no limit is given, and the most one request may ask for. */
const DEFAULT_ITEMS = 100;
const MAX_ITEMS = 500;

const DpaAdKindEnum = builder.enumType('DpaAdKind', {
  subGraphs: CLIENT,
  description:
    'Catalogue ads: ENHANCEMENT ones show Adloom creatives (the ad names a feed or a template), CATALOG ones the plain catalogue image.',
  values: DPA_AD_KINDS,
});

const DpaGroupingEnum = builder.enumType('DpaGrouping', {
  subGraphs: CLIENT,
  description:
    "ITEM: the catalogue item (Meta's product id); ITEM_GROUP: its item_group_id (an item without one is its own group); CATEGORY: the first level of its category.",
  values: DPA_GROUPINGS,
});

const DpaCategoryFieldEnum = builder.enumType('DpaCategoryField', {
  subGraphs: CLIENT,
  values: ['PRODUCT_TYPE', 'GOOGLE_PRODUCT_CATEGORY'] as const,
});

const DpaAdRow = builder.objectRef<DpaAdRowShape>('DpaAdRow').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    ad: t.field({ type: PerformanceAdRef, resolve: (r) => r.ad }),
    kind: t.field({ type: DpaAdKindEnum, description: 'CATALOG or ENHANCEMENT.', resolve: (r) => r.kind }),
    feedId: t.exposeID('feedId', { nullable: true, description: 'The feed whose creatives it shows.' }),
    feedName: t.exposeString('feedName', { nullable: true }),
    products: t.exposeInt('products', { description: 'Distinct product ids delivered in the range.' }),
    values: t.field({ type: MetricValuesRef, resolve: (r) => r.values }),
  }),
});

const DpaAdsReport = builder.objectRef<DpaAdsReportShape>('DpaAdsReport').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    currency: t.exposeString('currency', { nullable: true }),
    total: t.field({ type: MetricValuesRef, resolve: (r) => r.total }),
    rows: t.field({ type: [DpaAdRow], resolve: (r) => r.rows }),
  }),
});

const DpaItemCreative = builder.objectRef<DpaItemCreativeShape>('DpaItemCreative').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    feedId: t.exposeID('feedId'),
    feedName: t.exposeString('feedName'),
    imageUrl: t.string({ nullable: true, resolve: (c, _a, ctx) => fileUrl(ctx.deps.config, c.outputKey) }),
    templateName: t.exposeString('templateName', { nullable: true }),
  }),
});

const DpaItemRow = builder.objectRef<DpaItemRowShape>('DpaItemRow').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    key: t.exposeString('key', { description: 'The product id, item_group_id or category.' }),
    label: t.exposeString('label', {
      description:
        'The item’s title; a group: its first item’s title; a category: its text. A product id no catalogue has: the id.',
    }),
    imageUrl: t.exposeString('imageUrl', {
      nullable: true,
      description: 'The catalogue image (first item).',
    }),
    catalogId: t.exposeID('catalogId', {
      nullable: true,
      description: 'With itemId, links to /catalogs/{catalogId}/?searchString=<itemId>.',
    }),
    itemId: t.exposeString('itemId', { nullable: true }),
    items: t.exposeInt('items', {
      description: 'Catalogue items rolled into the row (0: not in a catalogue).',
    }),
    inCatalog: t.exposeBoolean('inCatalog'),
    values: t.field({
      type: MetricValuesRef,
      description: 'All catalogue ads.',
      resolve: (r) => r.values,
    }),
    enhancementValues: t.field({ type: MetricValuesRef, resolve: (r) => r.enhancementValues }),
    catalogValues: t.field({ type: MetricValuesRef, resolve: (r) => r.catalogValues }),
    creatives: t.field({
      type: [DpaItemCreative],
      description: 'ITEM only: the item’s generated creatives (empty otherwise).',
      resolve: (r) => r.creatives,
    }),
  }),
});

const DpaItemsReport = builder.objectRef<DpaItemsReportShape>('DpaItemsReport').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    currency: t.exposeString('currency', { nullable: true }),
    rows: t.field({ type: [DpaItemRow], resolve: (r) => r.rows }),
    totalRows: t.exposeInt('totalRows', { description: 'Rows matching the search, before the limit.' }),
    notInCatalog: t.exposeInt('notInCatalog', {
      description: 'Product ids delivered in the range that no catalogue of the client has.',
    }),
  }),
});

const EnhancementLiftMetric = builder.objectRef<MetricLift>('EnhancementLiftMetric').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    metric: t.field({ type: CreativeFeatureMetricEnum, resolve: (m) => creativeFeatureMetricName(m.metric) }),
    enhancement: t.exposeFloat('enhancement', {
      nullable: true,
      description: 'Pooled over the compared items, Adloom creatives.',
    }),
    catalog: t.exposeFloat('catalog', { nullable: true, description: 'Same items, plain catalogue image.' }),
    lift: t.exposeFloat('lift', { nullable: true, description: 'enhancement ÷ catalog − 1.' }),
    low: t.exposeFloat('low', { nullable: true, description: '95 % interval (bootstrap over items).' }),
    high: t.exposeFloat('high', { nullable: true }),
    significant: t.exposeBoolean('significant', { description: 'The interval excludes 0.' }),
  }),
});

const EnhancementLift = builder.objectRef<LiftResult>('EnhancementLift').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    itemsCompared: t.exposeInt('itemsCompared', {
      description: 'Items delivered by both kinds in the range.',
    }),
    enhancementSpend: t.exposeFloat('enhancementSpend'),
    catalogSpend: t.exposeFloat('catalogSpend'),
    method: t.exposeString('method', {
      description: 'How the lift and its interval were computed, for the page.',
    }),
    metrics: t.field({
      type: [EnhancementLiftMetric],
      description: 'CTR, CVR, ROAS in that order.',
      resolve: (l) => l.metrics,
    }),
  }),
});

type CategoryLiftShape = TemplateLiftShape['categories'][number];
const CategoryLift = builder.objectRef<CategoryLiftShape>('CategoryLift').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    category: t.exposeString('category'),
    lift: t.field({ type: EnhancementLift, resolve: (c) => c.lift }),
  }),
});

const TemplateLift = builder.objectRef<TemplateLiftShape>('TemplateLift').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    templateId: t.exposeID('templateId', { nullable: true, description: 'Null when no template is known.' }),
    templateName: t.exposeString('templateName'),
    thumbnailUrl: t.exposeString('thumbnailUrl', { nullable: true }),
    overall: t.field({ type: EnhancementLift, resolve: (l) => l.overall }),
    categories: t.field({
      type: [CategoryLift],
      description:
        "By the items' category (product_type's first level, else google_product_category's), largest spend first, at most 8.",
      resolve: (l) => l.categories,
    }),
  }),
});

type SetFeedShape = { adId?: string | null; feedId?: string | null; error?: ServerErrorShape | null };
const SetCatalogAdFeedPayload = builder.objectRef<SetFeedShape>('SetCatalogAdFeedPayload').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    adId: t.id({ nullable: true, resolve: (p) => p.adId ?? null }),
    feedId: t.id({ nullable: true, resolve: (p) => p.feedId ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

/** The row limit of dpaItems: 1 to MAX_ITEMS. */
function itemsLimit(limit: number | null | undefined): number {
  if (limit == null) return DEFAULT_ITEMS;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ITEMS)
    throw invalidInput(`limit must be a whole number from 1 to ${MAX_ITEMS} (got ${limit}).`);
  return limit;
}

builder.queryFields((t) => ({
  dpaAds: t.field({
    subGraphs: CLIENT,
    type: DpaAdsReport,
    description: 'Catalogue ads of a kind with rows in the range, largest spend first.',
    args: {
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
      kind: t.arg({ type: DpaAdKindEnum, required: true }),
      filter: t.arg({ type: PerformanceFilterInput }),
    },
    resolve: async (_r, args, ctx) => dpaAds(ctx.deps.db, await scopeOf(ctx, args), args.kind),
  }),
  dpaItems: t.field({
    subGraphs: CLIENT,
    type: DpaItemsReport,
    description:
      "Catalogue ads' product rows (Meta's product_id breakdown) rolled up to the client's catalogue items, item groups or categories, largest spend first (default limit 100, at most 500); search matches the key and the label.",
    args: {
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
      grouping: t.arg({ type: DpaGroupingEnum, required: true }),
      categoryField: t.arg({ type: DpaCategoryFieldEnum, description: 'Default PRODUCT_TYPE.' }),
      search: t.arg.string(),
      limit: t.arg.int(),
      filter: t.arg({ type: PerformanceFilterInput }),
    },
    resolve: async (_r, args, ctx) => {
      const limit = itemsLimit(args.limit);
      return dpaItems(ctx.deps.db, await scopeOf(ctx, args), {
        grouping: args.grouping,
        categoryField: args.categoryField ?? 'PRODUCT_TYPE',
        search: args.search ?? null,
        limit,
      });
    },
  }),
  enhancementLift: t.field({
    subGraphs: CLIENT,
    type: EnhancementLift,
    description:
      'Adloom creatives against the plain catalogue image on the items both showed in the range: CTR, CVR and ROAS with 95 % intervals.',
    args: {
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
      filter: t.arg({ type: PerformanceFilterInput }),
    },
    resolve: async (_r, args, ctx) => enhancementLiftOf(ctx.deps.db, await scopeOf(ctx, args)),
  }),
  enhancementLiftByTemplate: t.field({
    subGraphs: CLIENT,
    type: [TemplateLift],
    description:
      'The enhancement lift per template shown (the feed creative’s design, else the ad’s template), each against the catalogue image on the same items, largest Adloom spend first.',
    args: {
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
      filter: t.arg({ type: PerformanceFilterInput }),
    },
    resolve: async (_r, args, ctx) => enhancementLiftByTemplate(ctx.deps.db, await scopeOf(ctx, args)),
  }),
}));

builder.mutationFields((t) => ({
  setCatalogAdFeed: t.field({
    subGraphs: CLIENT,
    type: SetCatalogAdFeedPayload,
    description:
      "Says which feed's creatives a catalogue ad shows (imported and Meta ads cannot tell); null: the plain catalogue image.",
    args: { adId: t.arg.id({ required: true }), feedId: t.arg.id() },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const { clientId } = clientActor(ctx);
        const change = await audited(
          ctx.deps.db,
          auditActor(ctx),
          (tx) =>
            setCatalogAdFeed(
              tx,
              clientId,
              String(args.adId),
              args.feedId == null ? null : String(args.feedId),
            ),
          (c) => ({
            clientId,
            action: 'ad.catalog_feed_set',
            target: { kind: 'ad', id: c.adId, label: c.adName },
            details: { feedId: c.feedId, feed: c.feedName, previousFeedId: c.previousFeedId },
          }),
        );
        return { adId: change.adId, feedId: change.feedId };
      }),
  }),
}));
