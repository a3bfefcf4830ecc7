/** The builder's live preview inputs over the client-scoped endpoint (issue 6; live-preview.ts). */
import type { FontFile } from '@adloom/renderer';
import { CLIENT, ServerError, builder, payload, type ServerErrorShape } from '../../graphql/builder.js';
import { clientActor } from '../../graphql/context.js';
import { livePreviewInputs, type LivePreviewInputs } from './live-preview-inputs.js';

const LivePreviewFont = builder.objectRef<FontFile & { fontFamily: string }>('LivePreviewFont').implement({
  subGraphs: CLIENT,
  description: "A brand-kit font as the render request's additionalFiles.fonts carries it.",
  fields: (t) => ({
    fontFamily: t.exposeString('fontFamily'),
    fontUrl: t.exposeString('fontUrl'),
  }),
});

const LivePreviewInputsRef = builder.objectRef<LivePreviewInputs>('LivePreviewInputs').implement({
  subGraphs: CLIENT,
  description: 'What generation would give the renderer for this item, besides the template.',
  fields: (t) => ({
    metadataJson: t.string({
      description: "The render request's metadata (the item's fields as generation maps them), as JSON.",
      resolve: (inputs) => JSON.stringify(inputs.metadata),
    }),
    imageUrls: t.stringList({
      description:
        "The item's input images in slot order, as same-origin URLs; add removeBorders, removeBordersHard " +
        'or removeBackground=true for a slot that asks for them.',
      resolve: (inputs) => inputs.imageUrls,
    }),
    brandColor: t.string({ nullable: true, resolve: (inputs) => inputs.brandColor }),
    logoUrl: t.string({
      nullable: true,
      description: 'The main logo; null when the brand kit has none (generation leaves logo layers out).',
      resolve: (inputs) => inputs.logoUrl,
    }),
    fonts: t.field({ type: [LivePreviewFont], resolve: (inputs) => inputs.fonts }),
  }),
});

type LivePreviewInputsPayloadShape = { inputs?: LivePreviewInputs | null; error?: ServerErrorShape | null };
const LivePreviewInputsPayload = builder
  .objectRef<LivePreviewInputsPayloadShape>('LivePreviewInputsPayload')
  .implement({
    subGraphs: CLIENT,
    fields: (t) => ({
      inputs: t.field({ type: LivePreviewInputsRef, nullable: true, resolve: (p) => p.inputs ?? null }),
      error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
    }),
  });

builder.queryFields((t) => ({
  livePreviewInputs: t.field({
    subGraphs: CLIENT,
    type: LivePreviewInputsPayload,
    description: "The live preview's render inputs for one catalogue item: metadata, images, brand kit.",
    args: { productCatalogItemId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => ({
        inputs: await livePreviewInputs(
          ctx.deps,
          clientActor(ctx).clientId,
          String(args.productCatalogItemId),
        ),
      })),
  }),
}));
