/**
 * The brand kit over the client-scoped endpoint: spec section 3 (Brand kit data: audios, colors,
 * disclaimers, guides, fonts, logos; the builder's item view), section 7 rows 5 and 8, the rename,
 * colour and delete operations of section 4, and the builder's font list.
 */
import {
  BRAND_KIT_MAX_DISCLAIMER_LENGTH,
  BRAND_KIT_MAX_GUIDE_LENGTH,
  BRAND_KIT_MAX_ITEMS,
  BRAND_KIT_MAX_NAME_LENGTH,
} from '@adloom/template';
import { CLIENT, ServerError, builder, payload, type ServerErrorShape } from '../../graphql/builder.js';
import { clientActor } from '../../graphql/context.js';
import type { Config } from '../../config.js';
import { brandKitItemTypes, type BrandKitItemRow, type BrandKitItemType } from '../../db/schema.js';
import { fileUrl, UPLOAD_TYPES } from '../uploads/index.js';
import { audited, auditActor } from '../audit/index.js';
import { once } from '../idempotency/index.js';
import { createScope, IDEMPOTENCY_KEY_ARG } from '../../graphql/idempotency.js';
import { fontFaceFromText } from './brand-kit.files.js';
import { brandFontUrl, fontFamilyOptions, type FontFamilyOption } from './brand-kit.fonts.js';
import {
  createBrandKitItem,
  deleteBrandKitItem,
  FILE_UPLOAD_TYPES,
  listBrandKit,
  renameBrandKitItem,
  updateBrandKitColor,
} from './brand-kit.service.js';

const BrandKitItemType = builder.enumType('BrandKitItemType', {
  subGraphs: CLIENT,
  values: brandKitItemTypes,
});

/** A stored file of an item, with the config that turns keys into addresses. */
interface FileShape {
  item: BrandKitItemRow;
  config: Config;
}

const fileOf = (item: BrandKitItemRow, config: Config): FileShape | null =>
  item.fileKey ? { item, config } : null;

const BrandKitFile = builder.objectRef<FileShape>('BrandKitFile').implement({
  subGraphs: CLIENT,
  description: "An item's stored file (spec section 3: content id, state, error, filename, downloadUrl).",
  fields: (t) => ({
    id: t.id({ resolve: (f) => f.item.fileKey! }),
    state: t.string({
      description: 'READY: the file was checked when the item was created.',
      resolve: () => 'READY',
    }),
    error: t.string({ nullable: true, resolve: () => null }),
    filename: t.string({ resolve: (f) => f.item.fileName ?? '' }),
    downloadUrl: t.string({ resolve: (f) => fileUrl(f.config, f.item.fileKey!) }),
    contentType: t.string({ resolve: (f) => f.item.contentType ?? 'application/octet-stream' }),
    size: t.int({ description: 'Bytes.', resolve: (f) => f.item.fileSize ?? 0 }),
    thumbnailUrl: t.string({
      nullable: true,
      description: "A logo's PNG thumbnail, at most 256 pixels on its long side.",
      resolve: (f) => (f.item.thumbnailKey ? fileUrl(f.config, f.item.thumbnailKey) : null),
    }),
  }),
});

const BrandKitItem = builder.objectRef<{ item: BrandKitItemRow; config: Config }>('BrandKitItem').implement({
  subGraphs: CLIENT,
  description: 'A brand kit item as the builder sees it (spec section 3).',
  fields: (t) => ({
    id: t.id({ resolve: (i) => i.item.id }),
    type: t.field({ type: BrandKitItemType, resolve: (i) => i.item.type }),
    state: t.string({ description: 'READY once stored.', resolve: () => 'READY' }),
    name: t.string({ resolve: (i) => i.item.name }),
    textContent: t.string({
      nullable: true,
      description:
        "A colour's value, a guide's text (Markdown), a disclaimer's text, or a font's weight and style as read from its file ('700 italic').",
      resolve: (i) => i.item.textContent,
    }),
    content: t.field({ type: BrandKitFile, nullable: true, resolve: (i) => fileOf(i.item, i.config) }),
    createdAt: t.field({ type: 'DateTime', resolve: (i) => i.item.createdAt }),
  }),
});

type ItemShape = { item: BrandKitItemRow; config: Config };

const BrandColor = builder.objectRef<ItemShape>('BrandColor').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.id({ resolve: (c) => c.item.id }),
    name: t.string({ resolve: (c) => c.item.name }),
    textContent: t.string({
      description: '#rrggbb (or #rrggbbaa).',
      resolve: (c) => c.item.textContent ?? '',
    }),
  }),
});

const BrandGuide = builder.objectRef<ItemShape>('BrandGuide').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.id({ resolve: (g) => g.item.id }),
    name: t.string({ resolve: (g) => g.item.name }),
    content: t.string({ description: 'The guide as Markdown.', resolve: (g) => g.item.textContent ?? '' }),
  }),
});

const BrandDisclaimer = builder.objectRef<ItemShape>('BrandDisclaimer').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.id({ resolve: (d) => d.item.id }),
    name: t.string({ resolve: (d) => d.item.name }),
    textContent: t.string({ resolve: (d) => d.item.textContent ?? '' }),
  }),
});

const BrandLogo = builder.objectRef<ItemShape>('BrandLogo').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.id({ resolve: (l) => l.item.id }),
    name: t.string({ resolve: (l) => l.item.name }),
    content: t.field({ type: BrandKitFile, resolve: (l) => fileOf(l.item, l.config)! }),
    width: t.int({ resolve: (l) => l.item.width ?? 0 }),
    height: t.int({ resolve: (l) => l.item.height ?? 0 }),
  }),
});

const BrandFont = builder.objectRef<ItemShape>('BrandFont').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.id({ resolve: (f) => f.item.id }),
    name: t.string({ description: 'The font family templates ask for.', resolve: (f) => f.item.name }),
    content: t.field({ type: BrandKitFile, resolve: (f) => fileOf(f.item, f.config)! }),
    weight: t.int({
      description:
        "The file's weight, read from the font itself (OS/2 usWeightClass, else its style name), 100 to 900; 400 for fonts added before weights were read.",
      resolve: (f) => fontFaceFromText(f.item.textContent).weight,
    }),
    style: t.string({
      description:
        'normal or italic, read from the font itself (OS/2 fsSelection, head macStyle or its style name).',
      resolve: (f) => fontFaceFromText(f.item.textContent).style,
    }),
    fontUrl: t.string({
      description:
        'The file renderers load: the upload itself, or TrueType decoded from a WOFF2 upload. Pass it as ' +
        "a render request's additionalFiles.fonts[].fontUrl with fontFamily = name.",
      resolve: (f) => brandFontUrl(f.config, f.item),
    }),
  }),
});

const BrandAudio = builder.objectRef<ItemShape>('BrandAudio').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.id({ resolve: (a) => a.item.id }),
    name: t.string({ resolve: (a) => a.item.name }),
    content: t.field({ type: BrandKitFile, resolve: (a) => fileOf(a.item, a.config)! }),
    duration: t.float({ description: 'Seconds.', resolve: (a) => a.item.durationSeconds ?? 0 }),
  }),
});

interface LimitShape {
  type: BrandKitItemType;
  count: number;
}

const BrandKitLimit = builder.objectRef<LimitShape>('BrandKitLimit').implement({
  subGraphs: CLIENT,
  description: 'What one kind of item may hold, and how much it holds now.',
  fields: (t) => ({
    type: t.field({ type: BrandKitItemType, resolve: (l) => l.type }),
    count: t.exposeInt('count'),
    maxItems: t.int({ resolve: (l) => BRAND_KIT_MAX_ITEMS[l.type] }),
    maxBytes: t.int({
      nullable: true,
      description: 'The largest file of a file kind.',
      resolve: (l) =>
        Object.hasOwn(FILE_UPLOAD_TYPES, l.type)
          ? UPLOAD_TYPES[FILE_UPLOAD_TYPES[l.type as keyof typeof FILE_UPLOAD_TYPES]].maxBytes
          : null,
    }),
    maxTextLength: t.int({
      nullable: true,
      description: 'Characters of a guide or disclaimer text.',
      resolve: (l) =>
        l.type === 'DISCLAIMER'
          ? BRAND_KIT_MAX_DISCLAIMER_LENGTH
          : l.type === 'GUIDE'
            ? BRAND_KIT_MAX_GUIDE_LENGTH
            : null,
    }),
  }),
});

/** The kit of one request: its items are read once, whichever fields are asked for. */
interface KitShape {
  items: Promise<BrandKitItemRow[]>;
  config: Config;
}

const ofKind = async (kit: KitShape, type: BrandKitItemType): Promise<ItemShape[]> =>
  (await kit.items).filter((item) => item.type === type).map((item) => ({ item, config: kit.config }));

const BrandKit = builder.objectRef<KitShape>('BrandKit').implement({
  subGraphs: CLIENT,
  description:
    'Brand kit data (spec section 3). Every list is oldest first: ads use the first logo and colour.',
  fields: (t) => ({
    audios: t.field({ type: [BrandAudio], resolve: (kit) => ofKind(kit, 'AUDIO') }),
    colors: t.field({ type: [BrandColor], resolve: (kit) => ofKind(kit, 'COLOR') }),
    disclaimers: t.field({ type: [BrandDisclaimer], resolve: (kit) => ofKind(kit, 'DISCLAIMER') }),
    guides: t.field({ type: [BrandGuide], resolve: (kit) => ofKind(kit, 'GUIDE') }),
    fonts: t.field({ type: [BrandFont], resolve: (kit) => ofKind(kit, 'FONT') }),
    logos: t.field({ type: [BrandLogo], resolve: (kit) => ofKind(kit, 'LOGO') }),
    items: t.field({
      type: [BrandKitItem],
      description: 'Every item in the builder view, oldest first.',
      resolve: async (kit) => (await kit.items).map((item) => ({ item, config: kit.config })),
    }),
    limits: t.field({
      type: [BrandKitLimit],
      resolve: async (kit) => {
        const items = await kit.items;
        return brandKitItemTypes.map((type) => ({
          type,
          count: items.filter((item) => item.type === type).length,
        }));
      },
    }),
    maxNameLength: t.int({ resolve: () => BRAND_KIT_MAX_NAME_LENGTH }),
  }),
});

type BrandKitItemPayloadShape = { brandKitItem?: BrandKitItemRow | null; error?: ServerErrorShape | null };

const BrandKitItemPayload = builder.objectRef<BrandKitItemPayloadShape>('BrandKitItemPayload').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    brandKitItem: t.field({
      type: BrandKitItem,
      nullable: true,
      resolve: (p, _a, ctx) => (p.brandKitItem ? { item: p.brandKitItem, config: ctx.deps.config } : null),
    }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

type DeletePayloadShape = { deletedId?: string | null; error?: ServerErrorShape | null };

const DeleteBrandKitItemPayload = builder
  .objectRef<DeletePayloadShape>('DeleteBrandKitItemPayload')
  .implement({
    subGraphs: CLIENT,
    fields: (t) => ({
      deletedId: t.id({ nullable: true, resolve: (p) => p.deletedId ?? null }),
      error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
    }),
  });

const FontFamilySource = builder.enumType('FontFamilySource', {
  subGraphs: CLIENT,
  values: ['BRAND_KIT', 'CATALOGUE'] as const,
});

const FontFamilyOptionRef = builder.objectRef<FontFamilyOption>('FontFamilyOption').implement({
  subGraphs: CLIENT,
  description: "One family of the builder's font list.",
  fields: (t) => ({
    family: t.exposeString('family'),
    category: t.string({ nullable: true, resolve: (f) => f.category }),
    weights: t.intList({ resolve: (f) => [...f.weights] }),
    italicWeights: t.intList({ resolve: (f) => [...f.italicWeights] }),
    source: t.field({ type: FontFamilySource, resolve: (f) => f.source }),
    fontUrl: t.string({
      nullable: true,
      description: "A brand font's file; catalogue families are at /assets/fonts/<family>-<weight>.ttf.",
      resolve: (f) => f.fontUrl,
    }),
    brandKitItemId: t.id({ nullable: true, resolve: (f) => f.brandKitItemId }),
  }),
});

builder.queryFields((t) => ({
  brandKit: t.field({
    subGraphs: CLIENT,
    type: BrandKit,
    resolve: (_r, _a, ctx) => {
      const items = listBrandKit(ctx.deps.db, clientActor(ctx).clientId);
      // Fields that are not asked for never await it; a failure still reaches the ones that are.
      items.catch(() => undefined);
      return { items, config: ctx.deps.config };
    },
  }),
  fontFamilies: t.field({
    subGraphs: CLIENT,
    type: [FontFamilyOptionRef],
    description:
      "The builder's font list: the brand kit's fonts first (each file's own weight and style), then the font catalogue.",
    resolve: (_r, _a, ctx) => fontFamilyOptions(ctx.deps, clientActor(ctx).clientId),
  }),
}));

builder.mutationFields((t) => ({
  createBrandKitItem: t.field({
    subGraphs: CLIENT,
    type: BrandKitItemPayload,
    description:
      'Adds an item (spec section 7, row 5). Colours, guides and disclaimers carry textContent; fonts, logos ' +
      'and audio are first uploaded (createUploadDestination) and name the stored key as fileKey. A font ' +
      'needs legalAgreement: true, the user confirming that they hold a licence for it.',
    args: {
      name: t.arg.string({ required: true }),
      type: t.arg({ type: BrandKitItemType, required: true }),
      legalAgreement: t.arg.boolean(),
      textContent: t.arg.string(),
      fileKey: t.arg.string({
        description: 'The key of an upload of this client; used once: the item keeps a checked copy of it.',
      }),
      idempotencyKey: t.arg.string(IDEMPOTENCY_KEY_ARG),
    },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const actor = clientActor(ctx);
        const { value } = await once(
          ctx.deps.db,
          createScope(actor, 'createBrandKitItem', args.idempotencyKey),
          (tx) =>
            createBrandKitItem({ ...ctx.deps, db: tx }, actor, {
              name: args.name,
              type: args.type,
              legalAgreement: args.legalAgreement,
              textContent: args.textContent,
              fileKey: args.fileKey,
            }),
          (item) => item.id,
          async (db, id) => (await listBrandKit(db, actor.clientId)).find((item) => item.id === id),
        );
        return { brandKitItem: value };
      }),
  }),
  renameBrandKitItem: t.field({
    subGraphs: CLIENT,
    type: BrandKitItemPayload,
    description: 'Renames a guide, logo or font (spec section 4). A font keeps the font naming rule.',
    args: { id: t.arg.id({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => ({
        brandKitItem: await renameBrandKitItem(ctx.deps, clientActor(ctx), String(args.id), args.name),
      })),
  }),
  updateBrandKitColor: t.field({
    subGraphs: CLIENT,
    type: BrandKitItemPayload,
    description: "Sets a colour's text content, its value (spec section 4).",
    args: { id: t.arg.id({ required: true }), textContent: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => ({
        brandKitItem: await updateBrandKitColor(
          ctx.deps,
          clientActor(ctx),
          String(args.id),
          args.textContent,
        ),
      })),
  }),
  deleteBrandKitItem: t.field({
    subGraphs: CLIENT,
    type: DeleteBrandKitItemPayload,
    description: 'Deletes an item of any kind with its stored files.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const actor = clientActor(ctx);
        const item = await audited(
          ctx.deps.db,
          auditActor(ctx),
          (tx) => deleteBrandKitItem({ ...ctx.deps, db: tx }, actor, String(args.id)),
          (deleted) => ({
            clientId: actor.clientId,
            action: 'brand_kit_item.deleted',
            target: { kind: 'brand_kit_item', id: deleted.id, label: deleted.name },
            details: { type: deleted.type },
          }),
        );
        return { deletedId: item.id };
      }),
  }),
}));
