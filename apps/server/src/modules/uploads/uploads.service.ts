import type { AppDeps } from '../../deps.js';
import type { Actor } from '../users/index.js';
import { uploadSecret, LOCAL_ACCESS_KEY_ID } from './upload-secret.js';
import {
  cleanFileName,
  resolveContentType,
  uploadKey,
  UPLOAD_TYPES,
  type UploadType,
} from './upload-types.js';

/** The path-style "bucket" of the embedded upload endpoint: forms are posted to `{publicUrl}/uploads/`. */
export const LOCAL_BUCKET = 'uploads';
/** The region the embedded endpoint signs for; any fixed value would do, this is S3's default. */
export const LOCAL_REGION = 'us-east-1';
export const UPLOAD_EXPIRY_SECONDS = 15 * 60;

export interface FormFieldShape {
  key: string;
  value: string;
}

export interface UploadDestinationShape {
  url: string;
  formFields: FormFieldShape[];
}

export interface UploadRequest {
  /** The name of the file the user chose. */
  fileName: string;
  uploadType: UploadType;
  contentType?: string | null;
}

/**
 * A presigned POST for one new file of the actor's client: the exact key, its size range, its content
 * type and a 15-minute expiry are signed into the policy. `now` stands in for the clock in tests.
 */
export async function createUploadDestination(
  deps: Pick<AppDeps, 'config' | 'db'>,
  actor: Pick<Actor, 'clientId'>,
  request: UploadRequest,
  options: { now?: Date } = {},
): Promise<UploadDestinationShape> {
  const fileName = cleanFileName(request.fileName);
  const contentType = resolveContentType(request.uploadType, fileName, request.contentType);
  const key = uploadKey(actor.clientId, request.uploadType, fileName);
  const { config } = deps;
  const [{ S3Client }, { createPresignedPost }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-presigned-post'),
  ]);
  const s3 = config.s3;
  const credentials = s3
    ? s3.accessKeyId && s3.secretAccessKey
      ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
      : undefined
    : { accessKeyId: LOCAL_ACCESS_KEY_ID, secretAccessKey: await uploadSecret(config, deps.db) };
  const client = new S3Client({
    region: s3?.region ?? LOCAL_REGION,
    // The SDK only computes an address from this; nothing is sent anywhere.
    endpoint: s3 ? s3.endpoint : config.publicUrl,
    forcePathStyle: s3 ? Boolean(s3.endpoint) : true,
    ...(credentials ? { credentials } : {}),
    systemClockOffset: options.now ? options.now.getTime() - Date.now() : 0,
  });
  try {
    const post = await createPresignedPost(client, {
      Bucket: s3?.bucket ?? LOCAL_BUCKET,
      Key: key,
      Conditions: [
        ['eq', '$key', key],
        ['content-length-range', 1, UPLOAD_TYPES[request.uploadType].maxBytes],
        ['eq', '$Content-Type', contentType],
      ],
      Fields: { success_action_status: '201' },
      Expires: UPLOAD_EXPIRY_SECONDS,
    });
    return {
      url: s3 ? post.url : `${config.publicUrl}/${LOCAL_BUCKET}/`,
      formFields: Object.entries(post.fields).map(([name, value]) => ({ key: name, value })),
    };
  } finally {
    client.destroy();
  }
}
