import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config.js';
import { acceptUpload } from '../src/modules/uploads/accept-upload.js';
import { storedKeyOf } from '../src/modules/uploads/upload-types.js';
import { createUploadDestination } from '../src/modules/uploads/uploads.service.js';
import { createFileStore } from '../src/storage/create-file-store.js';
import { createDiskFileStore, FileExistsError, type FileStore } from '../src/storage/file-store.js';
import { createTestApp } from './harness.js';

/**
 * The S3 store against a real S3-protocol server over HTTP: s3rver (an npm package that runs in this process
 * and keeps its objects in a temporary folder). What s3rver does not do, and so these tests cannot show:
 * it checks no signature (neither SigV4 headers nor POST policies) and has no AbortMultipartUpload (it
 * answers MethodNotAllowed).
 */

const MB = 1024 * 1024;
const BUCKET = 'adloom-test';
const CLIENT_ID = '00000000-0000-4000-8000-000000000001';

let directory: string;
let server: Server;
let s3Env: Record<string, string>;
let config: Config;
let files: FileStore;
let disk: FileStore;
/** Every request the S3 server received, as `METHOD /path?query`. */
const requests: string[] = [];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `bytes` as a stream of 64 KB chunks, failing with `failure` after `failAfter` bytes when given. */
function chunked(bytes: Buffer, failure?: { error: Error; failAfter: number }): Readable {
  return Readable.from(
    (async function* () {
      for (let at = 0; at < bytes.length; at += 64 * 1024) {
        if (failure && at >= failure.failAfter) throw failure.error;
        yield bytes.subarray(at, at + 64 * 1024);
      }
    })(),
    { objectMode: false },
  );
}

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'adloom-s3-'));
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  await s3rver.configureBuckets();
  // s3rver's own request handler behind a server of ours, on a random port, which notes every request.
  const handle = s3rver.callback();
  server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    handle(req, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  s3Env = {
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    // s3rver's built-in key pair.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  config = loadConfig({ PUBLIC_URL: 'http://adloom.test', DATA_DIR: directory, ...s3Env });
  files = createFileStore(config);
  disk = createDiskFileStore(path.join(directory, 'disk'));
});

afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

describe('S3 file store', () => {
  it('stores, reads, tells and removes a file with its content type and size', async () => {
    const key = 'clients/c1/creatives/a.jpg';
    const body = randomBytes(3000);
    expect(await files.exists(key)).toBe(false);
    await files.put(key, body, { contentType: 'image/jpeg' });
    expect(await files.exists(key)).toBe(true);
    const stored = await files.get(key);
    expect(stored).toMatchObject({ size: 3000, contentType: 'image/jpeg' });
    expect((await readAll(stored!.stream)).equals(body)).toBe(true);

    await files.put(key, Buffer.from('replaced'), { contentType: 'text/plain' });
    const replaced = await files.get(key);
    expect(replaced).toMatchObject({ size: 8, contentType: 'text/plain' });
    expect((await readAll(replaced!.stream)).toString()).toBe('replaced');

    await files.remove(key);
    expect(await files.exists(key)).toBe(false);
    expect(await files.get(key)).toBeNull();
    // Removing what is not there is no error.
    await files.remove(key);
  });

  it('answers null and false for a key that holds nothing', async () => {
    expect(await files.get('clients/c1/nothing/here.csv')).toBeNull();
    expect(await files.exists('clients/c1/nothing/here.csv')).toBe(false);
  });

  it('streams a multi-MB file in parts and reports its size', async () => {
    const key = 'clients/c1/catalog-files/u1/big.csv';
    const body = randomBytes(12 * MB + 12345);
    const before = requests.length;
    const { size } = await files.putStream(key, chunked(body), { contentType: 'text/csv' });
    expect(size).toBe(body.length);
    // A multipart upload of three parts, not one PUT of everything.
    const sent = requests.slice(before);
    expect(sent.filter((r) => r.startsWith(`POST /${BUCKET}/${key}?uploads`))).toHaveLength(1);
    expect(
      sent.filter((r) => r.startsWith(`PUT /${BUCKET}/${key}?`) && r.includes('partNumber=')),
    ).toHaveLength(3);
    const stored = await files.get(key);
    expect(stored).toMatchObject({ size: body.length, contentType: 'text/csv' });
    expect(sha256(await readAll(stored!.stream))).toBe(sha256(body));
  });

  it('streams a small file in one PUT', async () => {
    const key = 'clients/c1/catalog-files/u2/small.tsv';
    const { size } = await files.putStream(key, chunked(Buffer.from('id\ttitle\n1\tShoe\n')), {
      contentType: 'text/tab-separated-values',
    });
    expect(size).toBe(16);
    const stored = await files.get(key);
    expect(stored).toMatchObject({ size: 16, contentType: 'text/tab-separated-values' });
    expect((await readAll(stored!.stream)).toString()).toBe('id\ttitle\n1\tShoe\n');
  });

  it('stores nothing when the stream fails after some parts went up, aborts the upload and rethrows', async () => {
    const key = 'clients/c1/catalog-files/u3/broken.csv';
    const error = new Error('the connection dropped');
    const before = requests.length;
    await expect(
      files.putStream(key, chunked(randomBytes(16 * MB), { error, failAfter: 11 * MB }), {
        contentType: 'text/csv',
      }),
    ).rejects.toBe(error);
    const sent = requests.slice(before);
    expect(sent.some((r) => r.startsWith(`PUT /${BUCKET}/${key}?`) && r.includes('partNumber=1'))).toBe(true);
    // The abort was asked for; s3rver refuses it, and the source's own error still came back.
    expect(sent.some((r) => r.startsWith(`DELETE /${BUCKET}/${key}?uploadId=`))).toBe(true);
    expect(await files.exists(key)).toBe(false);
    expect(await files.get(key)).toBeNull();
  });

  it('stores nothing when the stream fails within its first part', async () => {
    const key = 'clients/c1/catalog-files/u4/broken.csv';
    const error = new Error('too large');
    await expect(files.putStream(key, chunked(randomBytes(2 * MB), { error, failAfter: MB }))).rejects.toBe(
      error,
    );
    expect(await files.exists(key)).toBe(false);
  });

  it('refuses unsafe keys before sending anything', async () => {
    const before = requests.length;
    for (const key of [
      '',
      '../etc/passwd',
      '/clients/a',
      'clients//a',
      'clients/./a',
      '.meta/a.json',
      'a b',
    ]) {
      await expect(files.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
      await expect(files.putStream(key, chunked(Buffer.from('x')))).rejects.toThrow(/Unsafe storage key/);
      await expect(files.get(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(files.exists(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(files.remove(key)).rejects.toThrow(/Unsafe storage key/);
    }
    expect(requests.slice(before)).toEqual([]);
  });

  it('reads what a browser uploaded with a presigned POST, also through GET /files/{key}', async () => {
    const destination = await createUploadDestination(
      { config, db: undefined as never },
      { clientId: CLIENT_ID },
      { fileName: 'products.csv', uploadType: 'CATALOG_FILE' },
    );
    const csv = 'id,title,price\n1,Shoe,10.00\n';
    // As the web app posts it: every form field, then Content-Type, then the file last.
    const form = new FormData();
    for (const field of destination.formFields) form.append(field.key, field.value);
    form.append('Content-Type', 'text/csv');
    form.append('file', new Blob([csv]), 'products.csv');
    const response = await fetch(destination.url, { method: 'POST', body: form });
    expect(response.status).toBe(201);
    const key = destination.formFields.find((f) => f.key === 'key')!.value;

    const stored = await files.get(key);
    expect(stored).toMatchObject({ size: csv.length, contentType: 'text/csv' });
    expect((await readAll(stored!.stream)).toString()).toBe(csv);

    // The app built with these settings reads the bucket too.
    const t = await createTestApp('embedded', s3Env);
    try {
      expect(await t.deps.files.exists(key)).toBe(true);
      const served = await t.app.inject({ method: 'GET', url: `/files/${key}` });
      expect(served.statusCode).toBe(200);
      expect(served.body).toBe(csv);
      expect(served.headers['content-type']).toBe('text/csv');
      expect(served.headers['content-length']).toBe(String(csv.length));
      expect(served.headers['content-security-policy']).toContain('sandbox');
      const missing = await t.app.inject({
        method: 'GET',
        url: `/files/${key.replace('products', 'other')}`,
      });
      expect(missing.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

/** Posts `body` to a presigned destination as the web app does: the form fields, Content-Type, the file last. */
async function postForm(
  destination: { url: string; formFields: { key: string; value: string }[] },
  body: Buffer,
  contentType: string,
) {
  const form = new FormData();
  for (const field of destination.formFields) form.append(field.key, field.value);
  form.append('Content-Type', contentType);
  form.append('file', new Blob([new Uint8Array(body)]), 'upload');
  return fetch(destination.url, { method: 'POST', body: form });
}

describe.each([
  ['S3', () => files],
  ['disk', () => disk],
] as const)('%s store: written once', (_name, store) => {
  it('ifAbsent: a second write to a key is refused and the first file stays, type and all', async () => {
    const key = `clients/c1/once/${randomBytes(4).toString('hex')}/a.png`;
    await store().put(key, Buffer.from('first'), { contentType: 'image/png', ifAbsent: true });
    await expect(
      store().put(key, Buffer.from('second'), { contentType: 'text/html', ifAbsent: true }),
    ).rejects.toBeInstanceOf(FileExistsError);
    await expect(
      store().putStream(key, chunked(Buffer.from('third')), { contentType: 'text/html', ifAbsent: true }),
    ).rejects.toBeInstanceOf(FileExistsError);
    const stored = await store().get(key);
    expect(stored).toMatchObject({ size: 5, contentType: 'image/png' });
    expect((await readAll(stored!.stream)).toString()).toBe('first');
    // A stream written once appears once too.
    const streamed = `${key}.stream`;
    await store().putStream(streamed, chunked(Buffer.from('streamed')), { ifAbsent: true });
    await expect(
      store().putStream(streamed, chunked(Buffer.from('again')), { ifAbsent: true }),
    ).rejects.toThrow(FileExistsError);
    expect((await readAll((await store().get(streamed))!.stream)).toString()).toBe('streamed');
  });

  it('copy: a file of its own, unchanged by later writes to the source; written once with ifAbsent', async () => {
    const from = `clients/c1/copy/${randomBytes(4).toString('hex')}/a.csv`;
    const to = `${from}.copy`;
    await store().put(from, Buffer.from('id,title'), { contentType: 'application/octet-stream' });
    expect(await store().copy(from, to, { contentType: 'text/csv', ifAbsent: true })).toEqual({ size: 8 });
    await store().put(from, Buffer.from('replaced'), { contentType: 'text/plain' });
    await store().remove(from);
    const copy = await store().get(to);
    expect(copy).toMatchObject({ size: 8, contentType: 'text/csv' });
    expect((await readAll(copy!.stream)).toString()).toBe('id,title');
    await store().put(from, Buffer.from('other'));
    await expect(store().copy(from, to, { ifAbsent: true })).rejects.toBeInstanceOf(FileExistsError);
    expect((await readAll((await store().get(to))!.stream)).toString()).toBe('id,title');
    expect(await store().copy(`${from}.missing`, `${to}.2`)).toBeNull();
    expect(await store().exists(`${to}.2`)).toBe(false);
  });
});

describe('disk store: failed writes', () => {
  it('leaves no half-written file behind when the stream fails at once or after some parts', async () => {
    const key = `clients/c1/failed/${randomBytes(4).toString('hex')}/a.bin`;
    const tempFiles = () => readdir(path.join(directory, 'disk', '.tmp')).catch(() => []);
    const before = await tempFiles();
    for (const failAfter of [0, 64 * 1024, 512 * 1024]) {
      const failure = { error: new Error('EntityTooLarge'), failAfter };
      await expect(disk.putStream(key, chunked(randomBytes(1024 * 1024), failure))).rejects.toThrow(
        'EntityTooLarge',
      );
      expect(await disk.exists(key)).toBe(false);
      expect(await tempFiles()).toEqual(before);
    }
  });
});

describe('S3 uploads taken into use', () => {
  it('a destination posted to again after its upload was taken into use changes nothing that is used', async () => {
    const destination = await createUploadDestination(
      { config, db: undefined as never },
      { clientId: CLIENT_ID },
      { fileName: 'logo.png', uploadType: 'BRAND_KIT_LOGO', contentType: 'image/png' },
    );
    const key = destination.formFields.find((f) => f.key === 'key')!.value;
    const logo = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('pretend pixels')]);
    expect((await postForm(destination, logo, 'image/png')).status).toBe(201);
    const log = { error: () => undefined } as never;
    const accepted = await acceptUpload(
      { files, log },
      { clientId: CLIENT_ID, key, uploadTypes: ['BRAND_KIT_LOGO'] },
    ).catch((e: Error) => e);
    // 'pretend pixels' has no readable PNG header: refused by the pixel check, and nothing is kept.
    expect(accepted).toMatchObject({ code: 'INVALID_FILE' });
    expect(await files.exists(storedKeyOf(key))).toBe(false);

    const second = await createUploadDestination(
      { config, db: undefined as never },
      { clientId: CLIENT_ID },
      { fileName: 'logo.png', uploadType: 'BRAND_KIT_LOGO', contentType: 'image/png' },
    );
    const secondKey = second.formFields.find((f) => f.key === 'key')!.value;
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    expect((await postForm(second, png, 'image/png')).status).toBe(201);
    const used = await acceptUpload(
      { files, log },
      { clientId: CLIENT_ID, key: secondKey, uploadTypes: ['BRAND_KIT_LOGO'] },
    );
    expect(used).toMatchObject({ key: storedKeyOf(secondKey), size: png.length, contentType: 'image/png' });
    expect(await files.exists(secondKey)).toBe(false);

    // S3 takes a second post to the destination within its 15 minutes (s3rver checks no policy at all)…
    expect((await postForm(second, Buffer.from('GIF89a a different file'), 'image/png')).status).toBe(201);
    expect(await files.exists(secondKey)).toBe(true);
    // …but nothing uses it: the stored copy is unchanged and the upload cannot be taken into use again.
    expect((await readAll((await files.get(used.key))!.stream)).equals(png)).toBe(true);
    await expect(
      acceptUpload({ files, log }, { clientId: CLIENT_ID, key: secondKey, uploadTypes: ['BRAND_KIT_LOGO'] }),
    ).rejects.toMatchObject({ code: 'UPLOAD_USED' });
    expect((await readAll((await files.get(used.key))!.stream)).equals(png)).toBe(true);
  });
});
