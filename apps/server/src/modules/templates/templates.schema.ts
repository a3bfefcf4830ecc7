/**
 * Templates over the client-scoped endpoint: spec section 7 rows 2–4, 9 and 10, and the list, versions,
 * library, duplicate, archive and delete operations the template screens use.
 */
import { BUILDER, TAG_GROUP_LABELS, type TagGroup } from '@adloom/template';
import { CLIENT, ServerError, builder, payload, type ServerErrorShape } from '../../graphql/builder.js';
import { clientActor, type GraphQLContext } from '../../graphql/context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../users/index.js';
import type { FeedRow, StoredSlot, TemplateTagRow } from '../../db/schema.js';
import {
  tagChoices,
  createStyleTag,
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  findTemplate,
  libraryTagFilters,
  listLibrary,
  listTemplates,
  listVersions,
  restoreVersion,
  saverName,
  setArchived,
  tagLabel,
  updateTemplate,
  useLibraryTemplate,
  TemplateVersionConflict,
  type TemplateVersionView,
  type TemplateView,
} from './templates.service.js';
import { acceptTemplateThumbnail } from './template-thumbnail.js';
import { readBuilderMetadata } from '@adloom/template';
import {
  FEED_COUNTS,
  FEED_STATUS_DESCRIPTION,
  feedStatus,
  feedsUsingTemplate,
  regenerateForTemplate,
  templateFeedUsage,
  type TemplateFeedUsage,
} from '../feeds/index.js';
import { audited, auditActor } from '../audit/index.js';
import { once } from '../idempotency/index.js';
import { createScope, IDEMPOTENCY_KEY_ARG } from '../../graphql/idempotency.js';

/** A template created once per idempotency key: a repeat gets the first one back. */
async function createOnce(
  ctx: GraphQLContext,
  actor: Actor,
  operation: string,
  key: string | null | undefined,
  create: (tx: Db) => Promise<TemplateView>,
): Promise<TemplateView> {
  const { value } = await once(
    ctx.deps.db,
    createScope(actor, operation, key),
    create,
    (created) => created.template.id,
    (db, id) => findTemplate(db, actor.clientId, id),
  );
  return value;
}

const SlotFeature = builder.objectRef<{ key: string; value: string }>('SlotFeature').implement({
  subGraphs: CLIENT,
  fields: (t) => ({ key: t.exposeString('key'), value: t.exposeString('value') }),
});

const SlotType = builder.enumType('SlotType', {
  subGraphs: CLIENT,
  values: ['IMAGE', 'SLIDESHOW', 'VIDEO'] as const,
});

const Slot = builder.objectRef<StoredSlot>('Slot').implement({
  subGraphs: CLIENT,
  description: 'An input image slot of a template version, read from its layer ids.',
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    index: t.exposeInt('index'),
    type: t.field({ type: SlotType, resolve: (s) => s.type as 'IMAGE' | 'SLIDESHOW' | 'VIDEO' }),
    removeBackground: t.exposeBoolean('removeBackground'),
    removeBorders: t.exposeBoolean('removeBorders'),
    removeBordersHard: t.exposeBoolean('removeBordersHard'),
    maxSlides: t.exposeInt('maxSlides'),
    features: t.field({ type: [SlotFeature], resolve: (s) => s.features }),
  }),
});

export const Tag = builder.objectRef<TemplateTagRow>('Tag').implement({
  subGraphs: CLIENT,
  description:
    'A template tag. group is ASPECT_RATIO, DYNAMIC_LAYER_COUNT, FEATURES, STYLE or INDUSTRY; label is what people read.',
  fields: (t) => ({
    id: t.exposeID('id'),
    key: t.exposeString('key'),
    group: t.exposeString('group'),
    groupLabel: t.string({ resolve: (tag) => TAG_GROUP_LABELS[tag.group as TagGroup] ?? tag.group }),
    label: t.string({ resolve: (tag) => tagLabel(tag) }),
    isOwn: t.boolean({
      description: 'True for a tag this client created (false for global tags).',
      resolve: (tag) => tag.clientId !== null,
    }),
  }),
});

const TagFilter = builder.objectRef<{ tag: TemplateTagRow; count: number }>('TagFilter').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    tag: t.field({ type: Tag, resolve: (f) => f.tag }),
    count: t.exposeInt('count'),
  }),
});

const TemplateFeed = builder.objectRef<FeedRow>('TemplateFeed').implement({
  subGraphs: CLIENT,
  description: 'A feed of the client with a design on a version of the template.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    status: t.string({
      description: FEED_STATUS_DESCRIPTION,
      resolve: async (f, _a, ctx) => feedStatus(await ctx.loaders.of(FEED_COUNTS).load(f.id)),
    }),
    updatedAt: t.field({ type: 'DateTime', resolve: (f) => f.updatedAt }),
  }),
});

const FeedUsage = builder.objectRef<TemplateFeedUsage>('TemplateFeedUsage').implement({
  subGraphs: CLIENT,
  description:
    'How many of the client’s feeds have a design on a version of the template, and how many ads ' +
    '(generated creatives) those designs made: what a save with regenerateFeeds updates.',
  fields: (t) => ({ feeds: t.exposeInt('feeds'), ads: t.exposeInt('ads') }),
});

function documentSetting<T>(view: TemplateView, key: string, check: (v: unknown) => v is T, fallback: T): T {
  const value = readBuilderMetadata(view.version.templateString)?.[key];
  return check(value) ? value : fallback;
}

export const ProductCatalogTemplate = builder.objectRef<TemplateView>('ProductCatalogTemplate').implement({
  subGraphs: CLIENT,
  description: 'A template and its newest version (spec section 3, Template).',
  fields: (t) => ({
    id: t.id({ resolve: (v) => v.template.id }),
    name: t.string({ resolve: (v) => v.template.name }),
    templateString: t.string({ resolve: (v) => v.version.templateString }),
    templateVersionId: t.id({ resolve: (v) => v.version.id }),
    versionNumber: t.int({ resolve: (v) => v.version.number }),
    slots: t.field({ type: [Slot], resolve: (v) => v.version.slots }),
    tags: t.field({ type: [Tag], resolve: (v) => v.tags }),
    feeds: t.field({
      type: [TemplateFeed],
      resolve: (v, _a, ctx) =>
        v.template.clientId === null
          ? []
          : feedsUsingTemplate(ctx.deps.db, v.template.clientId, v.template.id),
    }),
    feedUsage: t.field({
      type: FeedUsage,
      resolve: (v, _a, ctx) =>
        v.template.clientId === null
          ? { feeds: 0, ads: 0 }
          : templateFeedUsage(ctx.deps.db, v.template.clientId, v.template.id),
    }),
    thumbnailUrl: t.string({ nullable: true, resolve: (v) => v.template.thumbnailUrl }),
    width: t.int({ resolve: (v) => v.template.width }),
    height: t.int({ resolve: (v) => v.template.height }),
    backgroundColor: t.string({
      resolve: (v) =>
        documentSetting(v, 'backgroundColor', (x): x is string => typeof x === 'string', '#ffffff'),
    }),
    constrainProportions: t.boolean({
      resolve: (v) =>
        documentSetting(v, 'constrainProportions', (x): x is boolean => typeof x === 'boolean', true),
    }),
    zoom: t.float({
      resolve: (v) =>
        documentSetting(
          v,
          'zoom',
          (x): x is number => typeof x === 'number' && x >= BUILDER.zoom.min && x <= BUILDER.zoom.max,
          1,
        ),
    }),
    madeWithBuilder: t.boolean({
      description: 'False when the SVG has no builder <metadata>: the builder cannot edit it.',
      resolve: (v) => readBuilderMetadata(v.version.templateString) !== null,
    }),
    archived: t.boolean({ resolve: (v) => v.template.archivedAt !== null }),
    createdAt: t.field({ type: 'DateTime', resolve: (v) => v.template.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (v) => v.template.updatedAt }),
  }),
});

const TemplateVersion = builder.objectRef<TemplateVersionView>('TemplateVersion').implement({
  subGraphs: CLIENT,
  description: 'An immutable saved state of a template.',
  fields: (t) => ({
    id: t.exposeID('id'),
    number: t.exposeInt('number'),
    name: t.exposeString('name'),
    thumbnailUrl: t.string({ nullable: true, resolve: (v) => v.thumbnailUrl }),
    width: t.exposeInt('width'),
    height: t.exposeInt('height'),
    slotCount: t.int({ resolve: (v) => v.slots.length }),
    restoredFromId: t.id({ nullable: true, resolve: (v) => v.restoredFromId }),
    createdAt: t.field({ type: 'DateTime', resolve: (v) => v.createdAt }),
    savedBy: t.string({
      nullable: true,
      description: 'The first and last name of the member who saved it; null when unknown or nameless.',
      resolve: (v, _a, ctx) => (v.savedBy !== undefined ? v.savedBy : saverName(ctx.deps.db, v.createdById)),
    }),
  }),
});

const LibraryTemplate = builder.objectRef<TemplateView>('LibraryTemplate').implement({
  subGraphs: CLIENT,
  description: 'A starter template of the library.',
  fields: (t) => ({
    id: t.id({ resolve: (v) => v.template.id }),
    key: t.string({ resolve: (v) => v.template.libraryKey ?? '' }),
    name: t.string({ resolve: (v) => v.template.name }),
    thumbnailUrl: t.string({ nullable: true, resolve: (v) => v.template.thumbnailUrl }),
    width: t.int({ resolve: (v) => v.template.width }),
    height: t.int({ resolve: (v) => v.template.height }),
    slotCount: t.int({ resolve: (v) => v.version.slots.length }),
    tags: t.field({ type: [Tag], resolve: (v) => v.tags }),
  }),
});

type TemplatePayloadShape = {
  template?: TemplateView | null;
  error?: ServerErrorShape | null;
  currentVersion?: TemplateVersionView | null;
};
const TemplatePayload = builder.objectRef<TemplatePayloadShape>('TemplatePayload').implement({
  subGraphs: CLIENT,
  description: 'The saved template (id, slots, templateVersionId and the rest), or a server error.',
  fields: (t) => ({
    template: t.field({ type: ProductCatalogTemplate, nullable: true, resolve: (p) => p.template ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
    currentVersion: t.field({
      type: TemplateVersion,
      nullable: true,
      description:
        'With a CONFLICT error: the template’s newest version, saved after the baseVersionId the save or restore named.',
      resolve: (p) => p.currentVersion ?? null,
    }),
  }),
});

/** A save or restore: a CONFLICT also answers the newest version, for the builder to offer reloading it. */
function versionPayload(run: () => Promise<TemplatePayloadShape>) {
  return payload(async (): Promise<TemplatePayloadShape> => {
    try {
      return await run();
    } catch (e) {
      if (!(e instanceof TemplateVersionConflict)) throw e;
      return { error: { code: e.code, message: e.message }, currentVersion: e.current };
    }
  });
}

const optionalId = (id: string | number | null | undefined) =>
  id === null || id === undefined ? null : String(id);

/** The optional base-version argument of a save or restore (without it the newest version is not checked). */
const baseVersionArg = (t: Parameters<Parameters<typeof builder.mutationField>[1]>[0], what: string) =>
  t.arg.id({
    description:
      `${what} When the template's newest version is another one, nothing is written and the error is ` +
      'CONFLICT (with currentVersion). Without it the save is not checked against the newest version.',
  });

type DeletePayloadShape = { deletedId?: string | null; error?: ServerErrorShape | null };
const DeleteTemplatePayload = builder.objectRef<DeletePayloadShape>('DeleteTemplatePayload').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    deletedId: t.id({ nullable: true, resolve: (p) => p.deletedId ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

type TagPayloadShape = { tag?: TemplateTagRow | null; error?: ServerErrorShape | null };
const TagPayload = builder.objectRef<TagPayloadShape>('TagPayload').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    tagId: t.id({ nullable: true, resolve: (p) => p.tag?.id ?? null }),
    tag: t.field({ type: Tag, nullable: true, resolve: (p) => p.tag ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

const SlotInput = builder.inputType('SlotInput', {
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.string({ required: true }),
    name: t.string(),
    features: t.field({ type: [SlotFeatureInput] }),
  }),
});

const SlotFeatureInput = builder.inputType('SlotFeatureInput', {
  subGraphs: CLIENT,
  fields: (t) => ({ key: t.string({ required: true }), value: t.string({ required: true }) }),
});

const TemplateSort = builder.enumType('TemplateSort', {
  subGraphs: CLIENT,
  values: ['UPDATED', 'NAME', 'CREATED'] as const,
});

builder.queryFields((t) => ({
  productCatalogTemplate: t.field({
    subGraphs: CLIENT,
    type: ProductCatalogTemplate,
    nullable: true,
    description: "One of the client's templates; null when there is none with this id.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => findTemplate(ctx.deps.db, clientActor(ctx).clientId, String(args.id)),
  }),
  productCatalogTemplates: t.field({
    subGraphs: CLIENT,
    type: [ProductCatalogTemplate],
    args: {
      search: t.arg.string(),
      archived: t.arg.boolean({ description: 'True lists the archived templates instead.' }),
      sort: t.arg({ type: TemplateSort }),
    },
    resolve: (_r, args, ctx) =>
      listTemplates(ctx.deps.db, clientActor(ctx).clientId, {
        search: args.search,
        archived: args.archived,
        sort: args.sort,
      }),
  }),
  productCatalogTemplateVersions: t.field({
    subGraphs: CLIENT,
    type: [TemplateVersion],
    description: "A template's versions, newest first.",
    args: { templateId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => listVersions(ctx.deps.db, clientActor(ctx).clientId, String(args.templateId)),
  }),
  templateLibrary: t.field({
    subGraphs: CLIENT,
    type: [LibraryTemplate],
    description: 'Starter templates carrying every given tag (all of them without tags).',
    args: { tagIds: t.arg.idList() },
    resolve: (_r, args, ctx) => {
      clientActor(ctx);
      return listLibrary(ctx.deps.db, (args.tagIds ?? []).map(String));
    },
  }),
  templateTagChoices: t.field({
    subGraphs: CLIENT,
    type: [Tag],
    description:
      "The style and industry tags a template of the client may carry (global ones and the client's own).",
    resolve: (_r, _a, ctx) => tagChoices(ctx.deps.db, clientActor(ctx).clientId),
  }),
  templateLibraryTagFilters: t.field({
    subGraphs: CLIENT,
    type: [TagFilter],
    resolve: (_r, _a, ctx) => {
      clientActor(ctx);
      return libraryTagFilters(ctx.deps.db);
    },
  }),
}));

const saveArgs = (t: Parameters<Parameters<typeof builder.mutationField>[1]>[0]) => ({
  name: t.arg.string({ required: true }),
  templateString: t.arg.string({ required: true }),
  thumbnailUrl: t.arg.string({
    description:
      'An image uploaded to this workspace (TEMPLATE_THUMBNAIL, or TEMPLATE_IMAGE), as /files/{key}: used once, ' +
      "and the template keeps the address of its checked copy; or one of the workspace's stored thumbnails.",
  }),
  slots: t.arg({ type: [SlotInput], description: 'When given, must match the slots the SVG has.' }),
  tags: t.arg.idList({ description: 'Style and industry tag ids; automatic tags are computed.' }),
});

builder.mutationFields((t) => ({
  createProductCatalogTemplate: t.field({
    subGraphs: CLIENT,
    type: TemplatePayload,
    args: { ...saveArgs(t), idempotencyKey: t.arg.string(IDEMPOTENCY_KEY_ARG) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const actor = clientActor(ctx);
        return {
          template: await createOnce(
            ctx,
            actor,
            'createProductCatalogTemplate',
            args.idempotencyKey,
            async (tx) =>
              createTemplate(tx, actor, {
                name: args.name,
                templateString: args.templateString,
                // An upload of this client, taken into use once (a repeat with the same idempotency key never gets here).
                thumbnailUrl: await acceptTemplateThumbnail(ctx.deps, actor.clientId, args.thumbnailUrl),
                slots: args.slots,
                tags: args.tags?.map(String),
              }),
          ),
        };
      }),
  }),
  updateProductCatalogTemplate: t.field({
    subGraphs: CLIENT,
    type: TemplatePayload,
    args: {
      id: t.arg.id({ required: true }),
      ...saveArgs(t),
      regenerateFeeds: t.arg.boolean({
        description:
          'Move the designs of the feeds that use this template (feedUsage counts them) to the new version ' +
          'and generate those feeds again. Without it they stay on the version they use.',
      }),
      baseVersionId: baseVersionArg(
        t,
        'The templateVersionId the edit started from (the version the builder loaded or last saved).',
      ),
    },
    resolve: (_r, args, ctx) =>
      versionPayload(async () => {
        const actor = clientActor(ctx);
        const thumbnailUrl = await acceptTemplateThumbnail(ctx.deps, actor.clientId, args.thumbnailUrl);
        const template = await updateTemplate(ctx.deps.db, actor, String(args.id), {
          name: args.name,
          templateString: args.templateString,
          thumbnailUrl,
          slots: args.slots,
          tags: args.tags?.map(String),
          baseVersionId: optionalId(args.baseVersionId),
        });
        if (args.regenerateFeeds) await regenerateForTemplate(ctx.deps, actor.clientId, template.template.id);
        return { template };
      }),
  }),
  createProductCatalogTemplateTag: t.field({
    subGraphs: CLIENT,
    type: TagPayload,
    args: { group: t.arg.string({ required: true }), key: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => ({
        tag: await createStyleTag(ctx.deps.db, clientActor(ctx), args.group, args.key),
      })),
  }),
  restoreProductCatalogTemplateVersion: t.field({
    subGraphs: CLIENT,
    type: TemplatePayload,
    description: 'Makes an older version the newest again, as a new version.',
    args: {
      templateId: t.arg.id({ required: true }),
      versionId: t.arg.id({ required: true }),
      baseVersionId: baseVersionArg(t, 'The templateVersionId the caller showed as the newest.'),
    },
    resolve: (_r, args, ctx) =>
      versionPayload(async () => ({
        template: await restoreVersion(
          ctx.deps.db,
          clientActor(ctx),
          String(args.templateId),
          String(args.versionId),
          optionalId(args.baseVersionId),
        ),
      })),
  }),
  duplicateProductCatalogTemplate: t.field({
    subGraphs: CLIENT,
    type: TemplatePayload,
    args: { id: t.arg.id({ required: true }), idempotencyKey: t.arg.string(IDEMPOTENCY_KEY_ARG) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const actor = clientActor(ctx);
        return {
          template: await createOnce(
            ctx,
            actor,
            'duplicateProductCatalogTemplate',
            args.idempotencyKey,
            (tx) => duplicateTemplate(tx, actor, String(args.id)),
          ),
        };
      }),
  }),
  archiveProductCatalogTemplate: t.field({
    subGraphs: CLIENT,
    type: TemplatePayload,
    args: { id: t.arg.id({ required: true }), archived: t.arg.boolean({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => ({
        template: await setArchived(ctx.deps.db, clientActor(ctx), String(args.id), args.archived),
      })),
  }),
  deleteProductCatalogTemplate: t.field({
    subGraphs: CLIENT,
    type: DeleteTemplatePayload,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const actor = clientActor(ctx);
        const template = await audited(
          ctx.deps.db,
          auditActor(ctx),
          (tx) => deleteTemplate(tx, actor, String(args.id)),
          (deleted) => ({
            clientId: actor.clientId,
            action: 'template.deleted',
            target: { kind: 'template', id: deleted.id, label: deleted.name },
          }),
        );
        return { deletedId: template.id };
      }),
  }),
  useLibraryTemplate: t.field({
    subGraphs: CLIENT,
    type: TemplatePayload,
    description: "Copies a starter template into the client's templates.",
    args: {
      libraryTemplateId: t.arg.id({ required: true }),
      name: t.arg.string(),
      idempotencyKey: t.arg.string(IDEMPOTENCY_KEY_ARG),
    },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const actor = clientActor(ctx);
        return {
          template: await createOnce(ctx, actor, 'useLibraryTemplate', args.idempotencyKey, (tx) =>
            useLibraryTemplate(tx, actor, String(args.libraryTemplateId), args.name),
          ),
        };
      }),
  }),
}));
