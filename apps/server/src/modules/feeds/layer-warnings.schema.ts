/** Layers that will vanish in a feed's ads, over the client-scoped endpoint (issue 16, item 2; layer-warnings.ts). */
import { vanishSentence } from '@adloom/renderer';
import { CLIENT, builder } from '../../graphql/builder.js';
import { clientActor } from '../../graphql/context.js';
import { DesignInput, designInputOf } from './feeds.schema.js';
import {
  LAYER_WARNING_ITEM_CAP,
  catalogRatings,
  draftFeedLayerWarnings,
  feedLayerWarnings,
  type FeedLayerWarnings,
  type LayerWarning,
} from './layer-warnings.js';

const LayerWarningRef = builder.objectRef<LayerWarning>('LayerWarning').implement({
  subGraphs: CLIENT,
  description:
    'A layer of a design that will be empty or hidden in some of the ads of the items taking the design.',
  fields: (t) => ({
    designId: t.exposeID('designId'),
    templateName: t.exposeString('templateName'),
    layerId: t.exposeString('layerId', { description: "The layer's id in the template." }),
    layerName: t.exposeString('layerName', { description: 'The name the builder shows for the layer.' }),
    reason: t.exposeString('reason', {
      description:
        "Why it vanishes (the renderer's layerPresence): conditional-hidden, no-rating, bad-rating, no-box, " +
        'missing-key, no-image or no-logo.',
    }),
    detail: t.exposeString('detail', {
      description: "Why, in words: 'no rating', 'not on sale', 'no value for {title}'.",
    }),
    emptyFor: t.exposeInt('emptyFor', { description: 'Items the layer vanishes for.' }),
    total: t.exposeInt('total', { description: 'Items (of those checked) that take this design.' }),
    message: t.string({
      description: "'the Star Rating layer will be empty for 20 of 20 items'",
      resolve: (w) => vanishSentence({ name: w.layerName, reason: w.reason }, w.emptyFor, w.total),
    }),
  }),
});

const UnreadableDesign = builder
  .objectRef<FeedLayerWarnings['unreadable'][number]>('LayerWarningUnreadableDesign')
  .implement({
    subGraphs: CLIENT,
    fields: (t) => ({
      designId: t.exposeID('designId'),
      templateName: t.exposeString('templateName'),
      error: t.exposeString('error'),
    }),
  });

const FeedLayerWarningsRef = builder.objectRef<FeedLayerWarnings>('FeedLayerWarnings').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    warnings: t.field({ type: [LayerWarningRef], resolve: (w) => w.warnings }),
    checkedItems: t.exposeInt('checkedItems', {
      description: `Items checked: all of the feed's, or its first ${LAYER_WARNING_ITEM_CAP} by item id.`,
    }),
    itemTotal: t.exposeInt('itemTotal', { description: "Items of the feed's product set." }),
    unreadable: t.field({ type: [UnreadableDesign], resolve: (w) => w.unreadable }),
  }),
});

const CatalogRatingsRef = builder
  .objectRef<{ itemCount: number; ratedCount: number }>('CatalogRatings')
  .implement({
    subGraphs: CLIENT,
    fields: (t) => ({
      itemCount: t.exposeInt('itemCount'),
      ratedCount: t.exposeInt('ratedCount', {
        description: 'Items with a rating (a rating layer is empty for the others).',
      }),
    }),
  });

builder.queryFields((t) => ({
  feedLayerWarnings: t.field({
    subGraphs: CLIENT,
    type: FeedLayerWarningsRef,
    description:
      "The layers that will be empty or hidden in the feed's ads, counted over its items (asked before generating).",
    args: { feedId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => feedLayerWarnings(ctx.deps, clientActor(ctx).clientId, String(args.feedId)),
  }),
  draftFeedLayerWarnings: t.field({
    subGraphs: CLIENT,
    type: FeedLayerWarningsRef,
    description:
      "feedLayerWarnings for a feed not yet saved (the new feed form, or a feed's designs being edited): " +
      'the product set and designs as createFeed takes them, with its errors.',
    args: {
      productSetId: t.arg.id({ required: true }),
      designs: t.arg({ type: [DesignInput], required: true }),
    },
    resolve: (_r, args, ctx) =>
      draftFeedLayerWarnings(
        ctx.deps,
        clientActor(ctx).clientId,
        String(args.productSetId),
        args.designs.map(designInputOf),
      ),
  }),
  catalogRatings: t.field({
    subGraphs: CLIENT,
    type: CatalogRatingsRef,
    description:
      "How many of the catalogue's items have a rating: none means a rating layer is always empty.",
    args: { catalogId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      catalogRatings(ctx.deps.db, clientActor(ctx).clientId, String(args.catalogId)),
  }),
}));
