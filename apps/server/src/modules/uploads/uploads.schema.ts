/** Upload destinations over the client-scoped endpoint: spec section 7, template builder call 1. */
import { CLIENT, ServerError, builder, payload, type ServerErrorShape } from '../../graphql/builder.js';
import { clientActor } from '../../graphql/context.js';
import { UPLOAD_TYPES, type UploadType } from './upload-types.js';
import {
  createUploadDestination,
  type FormFieldShape,
  type UploadDestinationShape,
} from './uploads.service.js';

const MB = 1024 * 1024;
const sizeText = (bytes: number) => (bytes >= 1024 * MB ? `${bytes / 1024 / MB} GB` : `${bytes / MB} MB`);

const UploadTypeEnum = builder.enumType('UploadType', {
  subGraphs: CLIENT,
  description: 'What an upload is for; each type has its own content types and size limit.',
  values: Object.fromEntries(
    Object.entries(UPLOAD_TYPES).map(([name, rule]) => [
      name,
      { description: `${rule.contentTypes.join(', ')}; at most ${sizeText(rule.maxBytes)}.` },
    ]),
  ) as Record<UploadType, { description: string }>,
});

const FormField = builder.objectRef<FormFieldShape>('FormField').implement({
  subGraphs: CLIENT,
  fields: (t) => ({ key: t.exposeString('key'), value: t.exposeString('value') }),
});

const UploadDestination = builder.objectRef<UploadDestinationShape>('UploadDestination').implement({
  subGraphs: CLIENT,
  description:
    'A presigned POST (the S3 protocol): post every form field, then Content-Type, then the file last, as ' +
    "multipart/form-data to url. The answer is S3 XML whose Key is the upload's key.",
  fields: (t) => ({
    url: t.exposeString('url'),
    formFields: t.field({ type: [FormField], resolve: (d) => d.formFields }),
  }),
});

type UploadDestinationPayloadShape = {
  uploadDestination?: UploadDestinationShape | null;
  error?: ServerErrorShape | null;
};
const UploadDestinationPayload = builder
  .objectRef<UploadDestinationPayloadShape>('UploadDestinationPayload')
  .implement({
    subGraphs: CLIENT,
    fields: (t) => ({
      uploadDestination: t.field({
        type: UploadDestination,
        nullable: true,
        resolve: (p) => p.uploadDestination ?? null,
      }),
      error: t.field({ type: ServerError, nullable: true, resolve: (p) => p.error ?? null }),
    }),
  });

builder.mutationField('createUploadDestination', (t) =>
  t.field({
    subGraphs: CLIENT,
    type: UploadDestinationPayload,
    description:
      'Where to upload one new file of this client: the key clients/{clientId}/{type folder}/{uuid}/{cleaned ' +
      'file name}, for one post within 15 minutes. The upload is then used once, by the mutation that takes ' +
      'its key (createBrandKitItem, createCatalog, importCatalog, a template save): its bytes must be of the ' +
      'declared content type, and what is kept is a checked copy under another key, which no destination ' +
      'can write.',
    args: {
      key: t.arg.string({ required: true, description: 'The name of the file the user chose.' }),
      uploadType: t.arg({ type: UploadTypeEnum, required: true }),
      contentType: t.arg.string({
        required: false,
        description:
          'The Content-Type the upload will be sent with; one the upload type allows. When omitted it is ' +
          "told from the file name's extension.",
      }),
    },
    resolve: (_r, args, ctx) =>
      payload(async () => ({
        uploadDestination: await createUploadDestination(ctx.deps, clientActor(ctx), {
          fileName: args.key,
          uploadType: args.uploadType,
          contentType: args.contentType,
        }),
      })),
  }),
);
