import { createHash, type Hash } from 'node:crypto';
import { Readable } from 'node:stream';
import { stripXmlInvalidChars } from '@adloom/template';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { fileUrl } from './file-url.js';
import { checkPostPolicy, type S3Error } from './post-policy.js';
import { uploadSecret, LOCAL_ACCESS_KEY_ID } from './upload-secret.js';
import { isUploadKey, MAX_UPLOAD_BYTES, receiptKeyOf } from './upload-types.js';
import { LOCAL_BUCKET, LOCAL_REGION } from './uploads.service.js';
import { FileExistsError, isSafeKey } from '../../storage/file-store.js';

class UploadRefused extends Error {
  constructor(readonly s3: S3Error) {
    super(s3.message);
  }
}

const escapeXml = (text: string) =>
  stripXmlInvalidChars(text).replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sendXml(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('application/xml').send(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

/**
 * An S3 error document. The connection is closed afterwards: the rest of a refused upload is not worth
 * reading (S3 does the same).
 */
function sendS3Error(req: FastifyRequest, reply: FastifyReply, { status, code, message }: S3Error) {
  reply.header('connection', 'close');
  return sendXml(
    reply,
    status,
    `<Error><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message>` +
      `<RequestId>${escapeXml(String(req.id))}</RequestId></Error>`,
  );
}

/** Passes the file through, hashing it, and fails the moment it outgrows the policy (so nothing is stored). */
async function* capped(source: AsyncIterable<Buffer>, minBytes: number, maxBytes: number, md5: Hash) {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > maxBytes)
      throw new UploadRefused({
        status: 400,
        code: 'EntityTooLarge',
        message: `Your proposed upload exceeds the maximum allowed size of ${maxBytes} bytes.`,
      });
    md5.update(chunk);
    yield chunk;
  }
  if (size < minBytes)
    throw new UploadRefused({
      status: 400,
      code: 'EntityTooSmall',
      message: `Your proposed upload is smaller than the minimum allowed size of ${minBytes} bytes.`,
    });
}

async function receiveUpload(deps: AppDeps, req: FastifyRequest, reply: FastifyReply) {
  const refuse = (status: number, code: string, message: string) =>
    sendS3Error(req, reply, { status, code, message });
  if (!req.isMultipart())
    return refuse(400, 'InvalidArgument', 'Send the upload as multipart/form-data, the file last.');
  const fields: { name: string; value: string }[] = [];
  // The policy's own size limit is enforced while streaming (`capped`); the parser's cap sits above every type's.
  const parts = req.parts({
    limits: {
      fields: 50,
      fieldNameSize: 200,
      fieldSize: 64 * 1024,
      files: 1,
      parts: 51,
      fileSize: MAX_UPLOAD_BYTES + 1,
    },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldnameTruncated || part.valueTruncated)
        return refuse(400, 'InvalidArgument', `The form field "${part.fieldname}" is too long.`);
      fields.push({ name: part.fieldname, value: String(part.value) });
      continue;
    }
    // S3 reads the fields before the file and ignores anything after it.
    if (part.fieldname !== 'file') {
      part.file.destroy();
      return refuse(400, 'InvalidArgument', 'The file must be sent in a form field named "file", last.');
    }
    const check = checkPostPolicy(fields, {
      bucket: LOCAL_BUCKET,
      accessKeyId: LOCAL_ACCESS_KEY_ID,
      secretAccessKey: await uploadSecret(deps.config, deps.db),
      region: LOCAL_REGION,
      now: new Date(),
    });
    if (!check.ok) {
      part.file.destroy();
      return sendS3Error(req, reply, check.error);
    }
    if (!isSafeKey(check.key)) {
      part.file.destroy();
      return refuse(400, 'InvalidArgument', `The key "${check.key}" is not a valid storage key.`);
    }
    // A destination takes one file: never a second post (what was checked stays what is stored), never one
    // after the upload was taken into use (its receipt, accept-upload.ts).
    const used = {
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: this upload destination was used already. Ask for a new one.',
    };
    if ((await deps.files.exists(check.key)) || (await deps.files.exists(receiptKeyOf(check.key)))) {
      part.file.destroy();
      return sendS3Error(req, reply, used);
    }
    const md5 = createHash('md5');
    const maxBytes = Math.min(check.maxBytes ?? MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES);
    try {
      await deps.files.putStream(check.key, Readable.from(capped(part.file, check.minBytes, maxBytes, md5)), {
        contentType: check.contentType ?? 'binary/octet-stream',
        ifAbsent: true,
      });
    } catch (e) {
      if (e instanceof UploadRefused) return sendS3Error(req, reply, e.s3);
      if (e instanceof FileExistsError) return sendS3Error(req, reply, used);
      throw e;
    }
    const etag = `"${md5.digest('hex')}"`;
    const location = fileUrl(deps.config, check.key);
    reply.header('etag', etag).header('location', location);
    if (check.successStatus !== 201) return reply.code(check.successStatus).send();
    return sendXml(
      reply,
      201,
      `<PostResponse><Location>${escapeXml(location)}</Location><Bucket>${LOCAL_BUCKET}</Bucket>` +
        `<Key>${escapeXml(check.key)}</Key><ETag>${escapeXml(etag)}</ETag></PostResponse>`,
    );
  }
  return refuse(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
}

/**
 * Streams a stored upload from the file store, the S3 bucket included, rather than redirecting to the bucket
 * (or S3_PUBLIC_URL): every store's files then come with the same cache, CSP and CORS headers, which the
 * bucket would not set. Library thumbnails are linked here (`/files/library/...`) whatever the store.
 */
async function serveFile(
  deps: AppDeps,
  req: FastifyRequest<{ Params: { '*': string } }>,
  reply: FastifyReply,
) {
  const key = req.params['*'];
  const file = isUploadKey(key) ? await deps.files.get(key) : null;
  if (!file)
    return reply.code(404).send({ code: 'NOT_FOUND', message: 'No file is stored under this address.' });
  return (
    reply
      .header('content-type', file.contentType ?? 'application/octet-stream')
      .header('content-length', file.size)
      // Every upload gets a fresh uuid in its key, so what a key names never changes.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      // Uploaded SVG and XML open as documents on this origin: without script and in a sandbox they are inert.
      // Images, fonts and audio loaded by a page ignore this header.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      // Public by address, like an S3 object; the renderer draws them onto canvases from any page.
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(file.stream)
  );
}

/**
 * The file store's HTTP face: `POST /uploads/` speaks S3's presigned-POST protocol for the embedded store,
 * and `GET /files/{key}` serves stored uploads back from whichever store is in use.
 */
export async function registerUploadRoutes(app: FastifyInstance, deps: AppDeps) {
  await app.register(async (scope) => {
    // Another module may have registered multipart on the root already; a second copy would clash.
    if (!scope.hasRequestDecorator('parts')) await scope.register(multipart);
    scope.setErrorHandler((error, req, reply) => {
      const { statusCode: status, code } = error as { statusCode?: number; code?: string };
      if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
        return sendS3Error(req, reply, {
          status: 400,
          code: 'InvalidArgument',
          message: 'The form has too many fields.',
        });
      if (status && status >= 400 && status < 500)
        return sendS3Error(req, reply, {
          status: 400,
          code: 'MalformedPOSTRequest',
          message: 'The body of your POST request is not well-formed multipart/form-data.',
        });
      req.log.error({ err: error }, 'upload failed');
      return sendS3Error(req, reply, {
        status: 500,
        code: 'InternalError',
        message: 'We encountered an internal error. Please try again.',
      });
    });
    for (const url of ['/uploads', '/uploads/'])
      scope.post(url, (req, reply) => receiveUpload(deps, req, reply));
    scope.get<{ Params: { '*': string } }>('/files/*', (req, reply) => serveFile(deps, req, reply));
  });
}
