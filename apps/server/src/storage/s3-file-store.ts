import { Readable } from 'node:stream';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import type { S3Config } from '../config.js';
import { assertSafeKey, FileExistsError, type FileStore, type PutOptions } from './file-store.js';

/**
 * `putStream` sends a stream in parts of S3's smallest size, at most this many at once: whatever the size of
 * the file, one upload holds about PART_BYTES x (PARTS_AT_ONCE + 1) in memory.
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 4;

interface Sdk {
  client: ClientS3.S3Client;
  s3: typeof ClientS3;
  Upload: typeof LibStorage.Upload;
}

/**
 * The AWS SDK and one client for the store's lifetime. Loaded on first use, as the upload module does, so a
 * process without S3 never pays for loading it.
 */
async function openSdk(config: S3Config): Promise<Sdk> {
  const [s3, { Upload }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const client = new s3.S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: Boolean(config.endpoint),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  return { client, s3, Upload };
}

/**
 * S3's answer for a key that holds nothing: `NoSuchKey` to a GET, a bare 404 (`NotFound`) to a HEAD. Without
 * the s3:ListBucket permission S3 answers 403 instead, which is rethrown: grant it.
 */
function isMissing(e: unknown): boolean {
  const name = (e as { name?: unknown } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

/**
 * S3's answers to a conditional write whose key holds an object already: 412 PreconditionFailed, or 409
 * ConditionalRequestConflict when another conditional write to the key is under way.
 */
function isTaken(e: unknown): boolean {
  const error = e as { name?: unknown; $metadata?: { httpStatusCode?: number } } | null;
  const status = error?.$metadata?.httpStatusCode;
  return (
    error?.name === 'PreconditionFailed' ||
    error?.name === 'ConditionalRequestConflict' ||
    status === 412 ||
    status === 409
  );
}

/** `body` passed through unchanged, counting its bytes and keeping the error it fails with. */
function watch(body: Readable) {
  const seen: { size: number; failure?: { error: unknown } } = { size: 0 };
  async function* pass() {
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        seen.size += chunk.length;
        yield chunk;
      }
    } catch (error) {
      seen.failure = { error };
      throw error;
    }
  }
  return { seen, stream: Readable.from(pass(), { objectMode: false }) };
}

/**
 * Files are the objects `{key}` of the bucket, with their content type as the object's Content-Type (S3
 * gives `binary/octet-stream` to an object stored without one). Path-style addresses when an endpoint is set
 * (MinIO, R2, ...), as for presigned uploads.
 */
export function createS3FileStore(config: S3Config): FileStore {
  let sdk: Promise<Sdk> | undefined;
  const open = () => (sdk ??= openSdk(config));
  const Bucket = config.bucket;

  async function exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    const { client, s3 } = await open();
    try {
      await client.send(new s3.HeadObjectCommand({ Bucket, Key: key }));
      return true;
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  /**
   * `ifAbsent`: S3 itself refuses the write when the key holds an object (`If-None-Match: *`, atomic). The
   * HEAD first serves stores that ignore that header (s3rver, older S3-compatible servers): there it leaves a
   * moment in which two writers can both pass.
   */
  async function conditional<T>(key: string, options: PutOptions | undefined, write: () => Promise<T>) {
    if (!options?.ifAbsent) return write();
    if (await exists(key)) throw new FileExistsError(key);
    try {
      return await write();
    } catch (e) {
      if (isTaken(e)) throw new FileExistsError(key);
      throw e;
    }
  }
  const ifNoneMatch = (options: PutOptions | undefined) => (options?.ifAbsent ? { IfNoneMatch: '*' } : {});

  return {
    async put(key, body, options) {
      assertSafeKey(key);
      const { client, s3 } = await open();
      await conditional(key, options, () =>
        client.send(
          new s3.PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentType: options?.contentType,
            ...ifNoneMatch(options),
          }),
        ),
      );
    },
    /**
     * A multipart upload once the stream outgrows one part (one PUT below that), so the object appears only
     * when the upload completes. When the stream fails, lib-storage aborts the multipart upload (its parts are
     * dropped) and the stream's own error is rethrown, also when the abort itself fails: the parts of such an
     * upload stay invisible and billed until a bucket lifecycle rule removes incomplete uploads.
     */
    async putStream(key, body, options) {
      assertSafeKey(key);
      const { client, Upload } = await open();
      const { seen, stream } = watch(body);
      const upload = new Upload({
        client,
        // With ifAbsent, If-None-Match goes on the single PUT or on the CompleteMultipartUpload.
        params: {
          Bucket,
          Key: key,
          Body: stream,
          ContentType: options?.contentType,
          ...ifNoneMatch(options),
        },
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
        leavePartsOnError: false,
      });
      try {
        await conditional(key, options, () => upload.done());
      } catch (e) {
        // When S3 failed, stop reading the source too.
        body.destroy();
        throw seen.failure ? seen.failure.error : e;
      }
      return { size: seen.size };
    },
    /** A CopyObject inside the bucket (up to 5 GB, more than any upload type allows): no bytes pass here. */
    async copy(from, to, options) {
      assertSafeKey(from);
      assertSafeKey(to);
      const { client, s3 } = await open();
      try {
        await conditional(to, options, () =>
          client.send(
            new s3.CopyObjectCommand({
              Bucket,
              Key: to,
              CopySource: `${Bucket}/${from}`,
              ...(options?.contentType
                ? { MetadataDirective: 'REPLACE' as const, ContentType: options.contentType }
                : {}),
              ...ifNoneMatch(options),
            }),
          ),
        );
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
      const head = await client.send(new s3.HeadObjectCommand({ Bucket, Key: to }));
      return { size: head.ContentLength ?? 0 };
    },
    async get(key) {
      assertSafeKey(key);
      const { client, s3 } = await open();
      let object: ClientS3.GetObjectCommandOutput;
      try {
        object = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
      // In Node the SDK answers with the HTTP response itself, a Readable.
      return {
        stream: object.Body as Readable,
        size: object.ContentLength ?? 0,
        contentType: object.ContentType,
      };
    },
    exists,
    async remove(key) {
      assertSafeKey(key);
      const { client, s3 } = await open();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
