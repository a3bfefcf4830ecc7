/** The brand kit over the client-scoped endpoint: spec section 7 rows 5 and 8 (colours for the builder). */
import { CLIENT, ServerError, builder, payload, type ServerErrorShape } from '../../graphql/builder.js';
import { clientActor } from '../../graphql/context.js';
import { brandKitItemTypes, type BrandKitItemRow } from '../../db/schema.js';
import { createBrandKitItem, listColours } from './brand-kit.service.js';

const BrandKitItemType = builder.enumType('BrandKitItemType', {
  subGraphs: CLIENT,
  values: brandKitItemTypes,
});

const BrandColor = builder.objectRef<BrandKitItemRow>('BrandColor').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    textContent: t.string({ resolve: (c) => c.textContent ?? '' }),
  }),
});

const BrandKitItem = builder.objectRef<BrandKitItemRow>('BrandKitItem').implement({
  subGraphs: CLIENT,
  description: 'A brand kit item as the builder sees it (spec section 3).',
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.field({ type: BrandKitItemType, resolve: (i) => i.type }),
    state: t.string({ description: 'READY once stored.', resolve: () => 'READY' }),
    name: t.exposeString('name'),
    textContent: t.string({ nullable: true, resolve: (i) => i.textContent }),
  }),
});

const BrandKit = builder.objectRef<{ clientId: string }>('BrandKit').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    colors: t.field({
      type: [BrandColor],
      resolve: (kit, _a, ctx) => listColours(ctx.deps.db, kit.clientId),
    }),
  }),
});

type BrandKitItemPayloadShape = { brandKitItem?: BrandKitItemRow | null; error?: ServerErrorShape | null };
const BrandKitItemPayload = builder.objectRef<BrandKitItemPayloadShape>('BrandKitItemPayload').implement({
  subGraphs: CLIENT,
  fields: (t) => ({
    brandKitItem: t.field({ type: BrandKitItem, nullable: true, resolve: (p) => p.brandKitItem ?? null }),
    error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
  }),
});

builder.queryField('brandKit', (t) =>
  t.field({
    subGraphs: CLIENT,
    type: BrandKit,
    resolve: (_r, _a, ctx) => ({ clientId: clientActor(ctx).clientId }),
  }),
);

builder.mutationField('createBrandKitItem', (t) =>
  t.field({
    subGraphs: CLIENT,
    type: BrandKitItemPayload,
    args: {
      name: t.arg.string({ required: true }),
      type: t.arg({ type: BrandKitItemType, required: true }),
      legalAgreement: t.arg.boolean(),
      textContent: t.arg.string(),
    },
    resolve: (_r, args, ctx) =>
      payload(async () => ({
        brandKitItem: await createBrandKitItem(ctx.deps.db, clientActor(ctx), {
          name: args.name,
          type: args.type,
          legalAgreement: args.legalAgreement,
          textContent: args.textContent,
        }),
      })),
  }),
);
