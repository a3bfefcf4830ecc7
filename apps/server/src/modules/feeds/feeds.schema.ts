/** Feeds, their designs, counts and creatives over the client-scoped endpoint (issue 5, part 4). */
import { CLIENT, ServerError, builder, payload, type ServerErrorShape } from '../../graphql/builder.js';
import { clientActor, type GraphQLContext } from '../../graphql/context.js';
import {
  creativeStatuses,
  type CreativeStatus,
  type FeedCreativeRow,
  type FeedDesignRow,
  type FeedRow,
} from '../../db/schema.js';
import { fileUrl } from '../uploads/index.js';
import {
  createFeed,
  deleteFeed,
  findFeed,
  generateFeed,
  listCreatives,
  findCreative,
  listFeeds,
  ownFeed,
  regenerateCreative,
  retryFailed,
  rotateExportToken,
  updateFeed,
  type DesignInput as DesignInputValue,
  type FeedCounts,
} from './feeds.service.js';
import { moveFeedToNewestVersions, type DesignVersionInfo } from './design-versions.js';
import { audited, auditActor, fingerprint } from '../audit/index.js';
import { once } from '../idempotency/index.js';
import { createScope, IDEMPOTENCY_KEY_ARG } from '../../graphql/idempotency.js';
import { exportPathIn } from './export.routes.js';
import { PRODUCT_SET_WITH_CATALOG, productSetNotFound } from '../catalogs/index.js';
import { readAdPreview, startAdPreview, type AdJobStatus, type AdResult } from './ad-preview-job.js';
import { FEED_STATUS_DESCRIPTION, feedStatus } from './feed-status.js';
import { DESIGN_FIRST_CREATIVES, DESIGN_VERSIONS, FEED_COUNTS, FEED_DESIGNS } from './feed-loaders.js';

const CreativeStatusEnum = builder.enumType('CreativeStatus', {
  subGraphs: CLIENT,
  values: creativeStatuses.map((s) => s.toUpperCase()) as Uppercase<CreativeStatus>[],
});
const toStatus = (s: string) => s.toLowerCase() as CreativeStatus;

const FeedCountsRef = builder.objectRef<FeedCounts>('FeedCounts').implement({
  subGraphs: CLIENT,
  description:
    'The counts of spec section 3; completedCount is every final state, generatedCount the ads made.',
  fields: (t) => ({
    isGenerating: t.exposeBoolean('isGenerating'),
    itemCount: t.exposeInt('itemCount'),
    pendingCount: t.exposeInt('pendingCount'),
    inProgressCount: t.exposeInt('inProgressCount'),
    completedCount: t.exposeInt('completedCount'),
    noInputImagesCount: t.exposeInt('noInputImagesCount'),
    noTemplateMatchedCount: t.exposeInt('noTemplateMatchedCount'),
    failedCount: t.exposeInt('failedCount'),
    generatingCount: t.exposeInt('generatingCount'),
    generatedCount: t.exposeInt('generatedCount'),
    archivedCount: t.exposeInt('archivedCount'),
  }),
});

const DesignTemplateVersion = builder.objectRef<DesignVersionInfo>('DesignTemplateVersion').implement({
  subGraphs: CLIENT,
  description:
    "The template version a feed design uses, by its template's name and the version's number and thumbnail, " +
    "with the template's newest version: isNewest is false when the design is on an older one.",
  fields: (t) => ({
    templateId: t.exposeID('templateId'),
    templateName: t.exposeString('templateName'),
    versionId: t.exposeID('versionId'),
    versionNumber: t.exposeInt('versionNumber'),
    thumbnailUrl: t.string({ nullable: true, resolve: (v) => v.thumbnailUrl }),
    newestVersionId: t.exposeID('newestVersionId'),
    newestVersionNumber: t.exposeInt('newestVersionNumber'),
    isNewest: t.boolean({ resolve: (v) => v.versionId === v.newestVersionId }),
    templateArchived: t.boolean({ resolve: (v) => v.archived }),
  }),
});

const FeedDesign = builder.objectRef<FeedDesignRow>('FeedDesign').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.exposeID('id'),
    position: t.exposeInt('position'),
    templateVersionId: t.exposeID('templateVersionId'),
    templateVersion: t.field({
      type: DesignTemplateVersion,
      nullable: true,
      description: 'The template and version the design uses; null when the template is gone.',
      resolve: (d, _a, ctx) => ctx.loaders.of(DESIGN_VERSIONS).load(d.templateVersionId),
    }),
    firstCreativeImageUrl: t.string({
      nullable: true,
      description:
        "The design's first generated ad (by item id), for its card; null until the feed has made one.",
      resolve: async (d, _a, ctx) => {
        const key = await ctx.loaders.of(DESIGN_FIRST_CREATIVES).load(d.id);
        return key ? fileUrl(ctx.deps.config, key) : null;
      },
    }),
    slotFeaturesJson: t.string({ resolve: (d) => JSON.stringify(d.slotFeatures) }),
    itemFilterJson: t.string({
      nullable: true,
      resolve: (d) => (d.itemFilter ? JSON.stringify(d.itemFilter) : null),
    }),
  }),
});

const Creative = builder.objectRef<FeedCreativeRow & { clientId: string }>('Creative').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    itemId: t.exposeString('itemId'),
    status: t.field({
      type: CreativeStatusEnum,
      resolve: (c) => c.status.toUpperCase() as Uppercase<CreativeStatus>,
    }),
    designId: t.id({ nullable: true, resolve: (c) => c.designId }),
    imageUrl: t.string({
      nullable: true,
      resolve: (c, _a, ctx) => (c.outputKey ? fileUrl(ctx.deps.config, c.outputKey) : null),
    }),
    error: t.string({ nullable: true, resolve: (c) => c.error }),
    attempts: t.exposeInt('attempts'),
    updatedAt: t.field({ type: 'DateTime', resolve: (c) => c.updatedAt }),
  }),
});

const CreativesPage = builder
  .objectRef<{ total: number; creatives: (FeedCreativeRow & { clientId: string })[] }>('CreativesPage')
  .implement({
    subGraphs: CLIENT,
    fields: (t) => ({
      total: t.exposeInt('total'),
      creatives: t.field({ type: [Creative], resolve: (p) => p.creatives }),
    }),
  });

/** The feed's product set and its catalogue, read with the other rows' (null: not the client's any more). */
const productSetOf = (f: FeedRow, ctx: GraphQLContext) =>
  ctx.loaders.of(PRODUCT_SET_WITH_CATALOG).load({ clientId: f.clientId, id: f.productSetId });

/** productSetOf, or NOT_FOUND as ownProductSet answers. */
async function ownProductSetOf(f: FeedRow, ctx: GraphQLContext) {
  const row = await productSetOf(f, ctx);
  if (!row) throw productSetNotFound(f.productSetId);
  return row;
}

const Feed = builder.objectRef<FeedRow>('Feed').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    productSetId: t.exposeID('productSetId'),
    catalogId: t.id({
      description: "The catalogue of the feed's product set (for item details).",
      resolve: async (f, _a, ctx) => (await ownProductSetOf(f, ctx)).catalog.id,
    }),
    productSetName: t.string({
      resolve: async (f, _a, ctx) => (await ownProductSetOf(f, ctx)).set.name,
    }),
    counts: t.field({ type: FeedCountsRef, resolve: (f, _a, ctx) => ctx.loaders.of(FEED_COUNTS).load(f.id) }),
    status: t.string({
      description: FEED_STATUS_DESCRIPTION,
      resolve: async (f, _a, ctx) => feedStatus(await ctx.loaders.of(FEED_COUNTS).load(f.id)),
    }),
    designs: t.field({
      type: [FeedDesign],
      resolve: (f, _a, ctx) => ctx.loaders.of(FEED_DESIGNS).load(f.id),
    }),
    exportUrls: t.stringList({
      description: 'What ad networks fetch: the XML (RSS 2.0 with g: fields) and the CSV export.',
      resolve: async (f, _a, ctx) => {
        const base = ctx.deps.config.publicUrl;
        const catalogId = (await productSetOf(f, ctx))?.catalog.id ?? null;
        return [`${base}${exportPathIn(f, catalogId, 'xml')}`, `${base}${exportPathIn(f, catalogId, 'csv')}`];
      },
    }),
    updatedAt: t.field({ type: 'DateTime', resolve: (f) => f.updatedAt }),
  }),
});

type FeedPayloadShape = { feed?: FeedRow | null; queued?: number | null; error?: ServerErrorShape | null };
const FeedPayload = builder.objectRef<FeedPayloadShape>('FeedPayload').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    feed: t.field({ type: Feed, nullable: true, resolve: (p) => p.feed ?? null }),
    queued: t.int({
      nullable: true,
      description: 'Items queued for generation.',
      resolve: (p) => p.queued ?? null,
    }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

type CreativePayloadShape = {
  creative?: (FeedCreativeRow & { clientId: string }) | null;
  error?: ServerErrorShape | null;
};
const CreativePayload = builder.objectRef<CreativePayloadShape>('CreativePayload').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    creative: t.field({ type: Creative, nullable: true, resolve: (p) => p.creative ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

export const DesignInput = builder.inputType('FeedDesignInput', {
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.id({
      description: 'updateFeed: one of the feed’s designs, changed in place (without: a new design).',
    }),
    templateId: t.id(),
    templateVersionId: t.id(),
    slotFeaturesJson: t.string(),
    itemFilterJson: t.string(),
  }),
});

/** A FeedDesignInput as the service reads it (createFeed, updateFeed, draftFeedLayerWarnings). */
export function designInputOf(d: typeof DesignInput.$inferInput): DesignInputValue & { id: string | null } {
  return {
    id: d.id ? String(d.id) : null,
    templateId: d.templateId ? String(d.templateId) : null,
    templateVersionId: d.templateVersionId ? String(d.templateVersionId) : null,
    slotFeaturesJson: d.slotFeaturesJson,
    itemFilterJson: d.itemFilterJson,
  };
}

builder.queryFields((t) => ({
  feeds: t.field({
    subGraphs: CLIENT,
    type: [Feed],
    resolve: (_r, _a, ctx) => listFeeds(ctx.deps.db, clientActor(ctx).clientId),
  }),
  feed: t.field({
    subGraphs: CLIENT,
    type: Feed,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => findFeed(ctx.deps.db, clientActor(ctx).clientId, String(args.id)),
  }),
  feedCreative: t.field({
    subGraphs: CLIENT,
    type: Creative,
    nullable: true,
    description:
      'One item’s creative in a feed (its status while it is made again); null when there is none.',
    args: { feedId: t.arg.id({ required: true }), itemId: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const feed = await ownFeed(ctx.deps.db, clientActor(ctx).clientId, String(args.feedId));
      const creative = await findCreative(ctx.deps.db, feed.id, args.itemId);
      return creative ? { ...creative, clientId: feed.clientId } : null;
    },
  }),
  feedCreatives: t.field({
    subGraphs: CLIENT,
    type: CreativesPage,
    args: {
      feedId: t.arg.id({ required: true }),
      statuses: t.arg({ type: [CreativeStatusEnum] }),
      offset: t.arg.int(),
      limit: t.arg.int(),
    },
    resolve: async (_r, args, ctx) => {
      const feed = await ownFeed(ctx.deps.db, clientActor(ctx).clientId, String(args.feedId));
      const page = await listCreatives(ctx.deps.db, feed.id, {
        statuses: args.statuses?.map(toStatus) ?? null,
        offset: args.offset ?? 0,
        limit: args.limit ?? 48,
      });
      return { ...page, creatives: page.creatives.map((c) => ({ ...c, clientId: feed.clientId })) };
    },
  }),
}));

builder.mutationFields((t) => ({
  createFeed: t.field({
    subGraphs: CLIENT,
    type: FeedPayload,
    description: 'Creates a feed of a product set with its designs and starts generating it.',
    args: {
      productSetId: t.arg.id({ required: true }),
      name: t.arg.string({ required: true }),
      designs: t.arg({ type: [DesignInput], required: true }),
      idempotencyKey: t.arg.string(IDEMPOTENCY_KEY_ARG),
    },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const actor = clientActor(ctx);
        const { value: feed, replayed } = await once(
          ctx.deps.db,
          createScope(actor, 'createFeed', args.idempotencyKey),
          (tx) =>
            createFeed(tx, actor.clientId, {
              productSetId: String(args.productSetId),
              name: args.name,
              designs: args.designs.map(designInputOf),
            }),
          (created) => created.id,
          (db, id) => findFeed(db, actor.clientId, id),
        );
        // A repeat gets the feed the first request created and is generating: nothing more to queue.
        return { feed, queued: replayed ? 0 : await generateFeed(ctx.deps, feed) };
      }),
  }),
  updateFeed: t.field({
    subGraphs: CLIENT,
    type: FeedPayload,
    description:
      'Changes a feed’s name and its designs (in order: a design with an id is changed in place, the ' +
      'others are added, designs left out are removed), then generates the feed again.',
    args: {
      id: t.arg.id({ required: true }),
      name: t.arg.string(),
      designs: t.arg({ type: [DesignInput] }),
    },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const feed = await updateFeed(ctx.deps.db, clientActor(ctx).clientId, String(args.id), {
          name: args.name,
          designs: args.designs?.map(designInputOf),
        });
        return { feed, queued: await generateFeed(ctx.deps, feed) };
      }),
  }),
  moveFeedDesignsToLatestVersion: t.field({
    subGraphs: CLIENT,
    type: FeedPayload,
    description:
      'Moves the feed’s designs that are on an older version of their template (or only designId) to the ' +
      'template’s newest version and generates the feed again; queued is 0 when none was older.',
    args: { feedId: t.arg.id({ required: true }), designId: t.arg.id() },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const feed = await ownFeed(ctx.deps.db, clientActor(ctx).clientId, String(args.feedId));
        const designId = args.designId ? String(args.designId) : null;
        return { feed, queued: await moveFeedToNewestVersions(ctx.deps, feed, designId) };
      }),
  }),
  regenerateCreative: t.field({
    subGraphs: CLIENT,
    type: CreativePayload,
    description:
      'Makes one item’s ad again (its images are downloaded afresh); read feedCreative until its status ' +
      'is final. An item whose inputs did not change keeps its ad and address.',
    args: { feedId: t.arg.id({ required: true }), itemId: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const feed = await ownFeed(ctx.deps.db, clientActor(ctx).clientId, String(args.feedId));
        const creative = await regenerateCreative(ctx.deps.db, ctx.deps.jobs, feed, args.itemId);
        return { creative: { ...creative, clientId: feed.clientId } };
      }),
  }),
  generateFeed: t.field({
    subGraphs: CLIENT,
    type: FeedPayload,
    description: 'Brings the feed up to date now: new items are generated, changed ones again.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const feed = await ownFeed(ctx.deps.db, clientActor(ctx).clientId, String(args.id));
        return { feed, queued: await generateFeed(ctx.deps, feed) };
      }),
  }),
  retryFailedCreatives: t.field({
    subGraphs: CLIENT,
    type: FeedPayload,
    args: { feedId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const feed = await ownFeed(ctx.deps.db, clientActor(ctx).clientId, String(args.feedId));
        return { feed, queued: await retryFailed(ctx.deps.db, ctx.deps.jobs, feed) };
      }),
  }),
  deleteFeed: t.field({
    subGraphs: CLIENT,
    type: FeedPayload,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const { clientId } = clientActor(ctx);
        await audited(
          ctx.deps.db,
          auditActor(ctx),
          (tx) => deleteFeed(tx, clientId, String(args.id)),
          (feed) => ({
            clientId,
            action: 'feed.deleted',
            target: { kind: 'feed', id: feed.id, label: feed.name },
          }),
        );
        return { feed: null };
      }),
  }),
  rotateFeedExportToken: t.field({
    subGraphs: CLIENT,
    type: FeedPayload,
    description:
      'Gives the feed new export URLs (exportUrls): the old ones stop working at once. Recorded in the audit log.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const { clientId } = clientActor(ctx);
        const { feed } = await audited(
          ctx.deps.db,
          auditActor(ctx),
          (tx) => rotateExportToken(tx, clientId, String(args.id)),
          ({ feed, previousToken }) => ({
            clientId,
            action: 'feed.export_token_rotated',
            target: { kind: 'feed', id: feed.id, label: feed.name },
            details: { previousToken: fingerprint(previousToken), token: fingerprint(feed.exportToken) },
          }),
        );
        return { feed };
      }),
  }),
}));

// ---- The builder's server preview: spec section 7, rows 6 and 7 ----

const AdItem = builder.objectRef<{ adUrl: string }>('AdItem').implement({
  subGraphs: CLIENT,
  fields: (t) => ({ adUrl: t.exposeString('adUrl') }),
});

const AdResultRef = builder.objectRef<AdResult>('AdResult').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    error: t.string({ nullable: true, resolve: (r) => r.error }),
    adItems: t.field({ type: [AdItem], resolve: (r) => r.adItems }),
  }),
});

const AdJobResult = builder.objectRef<{ jobId: string }>('AdJobResult').implement({
  subGraphs: CLIENT,
  fields: (t) => ({ jobId: t.exposeID('jobId') }),
});

type StartPayloadShape = { adJobResult?: { jobId: string } | null; error?: ServerErrorShape | null };
const StartAdGenerationJobPayload = builder
  .objectRef<StartPayloadShape>('StartAdGenerationJobPayload')
  .implement({
    subGraphs: CLIENT,
    fields: (t) => ({
      adJobResult: t.field({ type: AdJobResult, nullable: true, resolve: (p) => p.adJobResult ?? null }),
      error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
    }),
  });

const AdGenerationJob = builder
  .objectRef<{ status: AdJobStatus; errorInfo: string | null; adResult: AdResult | null }>('AdGenerationJob')
  .implement({
    subGraphs: CLIENT,
    description: 'status: PENDING or RUNNING (poll again after 1000 ms), COMPLETED (see adResult) or FAILED.',
    fields: (t) => ({
      status: t.exposeString('status'),
      errorInfo: t.string({ nullable: true, resolve: (j) => j.errorInfo }),
      adResult: t.field({ type: AdResultRef, nullable: true, resolve: (j) => j.adResult }),
    }),
  });

const AdSlotInput = builder.inputType('AdSlotInput', {
  subGraphs: CLIENT,
  description: 'A slot of an ad config: its id (else its position counts) and a flat map of features.',
  fields: (t) => ({
    id: t.string(),
    features: t.field({ type: [AdFeatureInput], required: true }),
  }),
});

const AdFeatureInput = builder.inputType('AdFeatureInput', {
  subGraphs: CLIENT,
  fields: (t) => ({ key: t.string({ required: true }), value: t.string({ required: true }) }),
});

const AdConfigInput = builder.inputType('AdConfigInput', {
  subGraphs: CLIENT,
  fields: (t) => ({
    templateVersionId: t.id({ required: true }),
    slots: t.field({ type: [AdSlotInput], required: true }),
  }),
});

builder.mutationFields((t) => ({
  startAdGenerationJob: t.field({
    subGraphs: CLIENT,
    type: StartAdGenerationJobPayload,
    args: {
      adConfigs: t.arg({ type: [AdConfigInput], required: true }),
      productCatalogItemId: t.arg.id({ required: true }),
    },
    resolve: (_r, args, ctx) =>
      payload(async () => ({
        adJobResult: {
          jobId: await startAdPreview(ctx.deps, clientActor(ctx).clientId, {
            productCatalogItemId: String(args.productCatalogItemId),
            adConfigs: args.adConfigs.map((config) => ({
              templateVersionId: String(config.templateVersionId),
              slots: config.slots.map((slot) => ({
                id: slot.id ?? null,
                features: Object.fromEntries(slot.features.map((f) => [f.key, f.value])),
              })),
            })),
          }),
        },
      })),
  }),
  fetchAdGenerationJob: t.field({
    subGraphs: CLIENT,
    type: AdGenerationJob,
    nullable: true,
    description: 'A preview job of this client; null when there is none with this id.',
    args: { jobId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => readAdPreview(ctx.deps, clientActor(ctx).clientId, String(args.jobId)),
  }),
}));
