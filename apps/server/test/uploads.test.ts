import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { systemState } from '../src/db/schema.js';
import { fileUrl, keyFromFileUrl } from '../src/modules/uploads/file-url.js';
import { checkPostPolicy, signPolicy } from '../src/modules/uploads/post-policy.js';
import { uploadSecret } from '../src/modules/uploads/upload-secret.js';
import { createUploadDestination } from '../src/modules/uploads/uploads.service.js';
import {
  createTestApp,
  describeEachDatabase,
  gql,
  makeClient,
  makeUser,
  PASSWORD,
  signIn,
  type Session,
  type TestApp,
} from './harness.js';
import { postUpload, type Destination } from './isolation/uploads.cases.js';

const CREATE = `mutation ($key: String!, $uploadType: UploadType!, $contentType: String) {
  createUploadDestination(key: $key, uploadType: $uploadType, contentType: $contentType) {
    uploadDestination { url formFields { key value } }
    error { code message }
  }
}`;

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('pretend pixels')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

const field = (d: Destination, name: string) => d.formFields.find((f) => f.key === name)?.value;
const policyOf = (d: Destination) =>
  JSON.parse(Buffer.from(field(d, 'Policy')!, 'base64').toString('utf8')) as {
    expiration: string;
    conditions: unknown[];
  };

/** Every stored file and every half-written one, relative to the store's root (metadata left out). */
async function storedFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return (
    entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      // Content types, and files half-written by other work under way (background jobs store files): a store
      // that fails removes its own half-written file (s3-file-store.test.ts, "failed writes").
      .filter((p) => !p.startsWith('.meta') && !p.startsWith('.tmp'))
      .sort()
  );
}

describeEachDatabase('uploads on %s', (kind) => {
  let t: TestApp;
  let clientId: string;
  let otherClientId: string;
  let session: Session;

  async function destination(variables: Record<string, unknown>) {
    const res = await gql(t, { session, clientId, query: CREATE, variables });
    expect(res.errors).toBeUndefined();
    return res.data!.createUploadDestination as {
      uploadDestination: Destination | null;
      error: { code: string; message: string } | null;
    };
  }
  async function okDestination(variables: Record<string, unknown>): Promise<Destination> {
    const answer = await destination(variables);
    expect(answer.error).toBeNull();
    return answer.uploadDestination!;
  }

  /** Posts the upload and checks it was refused with `status`/`code` and left no file behind. */
  async function expectRefused(
    d: Destination,
    upload: Parameters<typeof postUpload>[2],
    status: number,
    code: string,
    message?: RegExp,
  ) {
    const before = await storedFiles(t);
    const answer = await postUpload(t, d, upload);
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/xml/);
    expect(answer.body).toContain(`<Error><Code>${code}</Code><Message>`);
    if (message) expect(answer.body).toMatch(message);
    expect(await storedFiles(t)).toEqual(before);
    const key = upload.override?.key ?? field(d, 'key')!;
    expect(await t.deps.files.get(key)).toBeNull();
    return answer;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const client = await makeClient(t, 'Uploader');
    const other = await makeClient(t, 'Other');
    clientId = client.id;
    otherClientId = other.id;
    const user = await makeUser(t, { clientId });
    session = await signIn(t, user.email, PASSWORD);
  });
  afterAll(() => t.close());

  it('answers a presigned POST for the exact key, type, size and 15 minutes', async () => {
    const before = Date.now();
    const d = await okDestination({ key: 'my photo (1).png', uploadType: 'TEMPLATE_IMAGE' });
    expect(d.url).toBe('http://adloom.test/uploads/');
    const key = field(d, 'key')!;
    expect(key).toMatch(
      new RegExp(
        `^clients/${clientId}/template-images/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/my_photo__1_.png$`,
      ),
    );
    expect(field(d, 'bucket')).toBe('uploads');
    expect(field(d, 'success_action_status')).toBe('201');
    expect(field(d, 'X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(field(d, 'X-Amz-Credential')).toMatch(/^adloom-local\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(field(d, 'X-Amz-Date')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(field(d, 'X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // The client adds Content-Type itself, after the form fields.
    expect(field(d, 'Content-Type')).toBeUndefined();
    const policy = policyOf(d);
    const expiresIn = Date.parse(policy.expiration) - before;
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000 + 1000);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['eq', '$key', key],
        ['content-length-range', 1, 20 * 1024 * 1024],
        ['eq', '$Content-Type', 'image/png'],
        { success_action_status: '201' },
        { bucket: 'uploads' },
      ]),
    );
  });

  it('stores a posted file and serves the same bytes back with its type and cache headers', async () => {
    const d = await okDestination({
      key: 'thumb.png',
      uploadType: 'TEMPLATE_THUMBNAIL',
      contentType: 'image/png',
    });
    const key = field(d, 'key')!;
    const answer = await postUpload(t, d, { contentType: 'image/png', body: PNG, fileName: 'thumb.png' });
    expect(answer.statusCode, answer.body).toBe(201);
    const md5 = createHash('md5').update(PNG).digest('hex');
    const location = `http://adloom.test/files/${key}`;
    expect(answer.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        `<PostResponse><Location>${location}</Location><Bucket>uploads</Bucket>` +
        `<Key>${key}</Key><ETag>&#34;${md5}&#34;</ETag></PostResponse>`,
    );
    expect(answer.headers.etag).toBe(`"${md5}"`);
    expect(fileUrl(t.config, key)).toBe(location);
    expect(keyFromFileUrl(t.config, location)).toBe(key);

    const served = await t.app.inject({ method: 'GET', url: `/files/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(PNG.length));
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves an uploaded SVG inert, under a sandboxing content security policy', async () => {
    const d = await okDestination({ key: 'logo.svg', uploadType: 'BRAND_KIT_LOGO' });
    const answer = await postUpload(t, d, { contentType: 'image/svg+xml', body: SVG });
    expect(answer.statusCode, answer.body).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: `/files/${field(d, 'key')}` });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(served.body).toBe(SVG.toString());
  });

  it('answers 404 for a missing key and for stored files that are not uploads', async () => {
    const missing = `clients/${clientId}/template-images/00000000-0000-4000-8000-000000000000/none.png`;
    expect((await t.app.inject({ method: 'GET', url: `/files/${missing}` })).statusCode).toBe(404);
    // Other modules keep private files in the same store (the staff-only MSA); /files/ must not reach them.
    const msaKey = `clients/${clientId}/msa/0123456789abcdef.pdf`;
    await t.deps.files.put(msaKey, Buffer.from('%PDF-1.4 secret'));
    expect((await t.app.inject({ method: 'GET', url: `/files/${msaKey}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/files/clients%2F..%2F..%2Fetc%2Fpasswd' })).statusCode,
    ).toBe(404);
    await t.deps.files.remove(msaKey);
  });

  it('refuses an expired policy', async () => {
    const d = await createUploadDestination(
      t.deps,
      { clientId },
      { fileName: 'late.png', uploadType: 'TEMPLATE_IMAGE' },
      { now: new Date(Date.now() - 16 * 60_000) },
    );
    expect(Date.parse(policyOf(d).expiration)).toBeLessThan(Date.now());
    await expectRefused(d, { contentType: 'image/png', body: PNG }, 403, 'AccessDenied', /Policy expired/);
  });

  it('refuses a key altered after signing, and a key in another client’s folder', async () => {
    const d = await okDestination({ key: 'a.png', uploadType: 'TEMPLATE_IMAGE' });
    const key = field(d, 'key')!;
    const altered = key.replace(/\/a\.png$/, '/b.png');
    await expectRefused(
      d,
      { contentType: 'image/png', body: PNG, override: { key: altered } },
      403,
      'AccessDenied',
      /Policy Condition failed/,
    );
    const otherClients = key.replace(`clients/${clientId}/`, `clients/${otherClientId}/`);
    await expectRefused(
      d,
      { contentType: 'image/png', body: PNG, override: { key: otherClients } },
      403,
      'AccessDenied',
    );
  });

  it('refuses a file larger than the upload type allows, storing nothing', async () => {
    const d = await okDestination({ key: 'big.jpg', uploadType: 'TEMPLATE_THUMBNAIL' });
    const limit = 5 * 1024 * 1024;
    expect(policyOf(d).conditions).toContainEqual(['content-length-range', 1, limit]);
    await expectRefused(
      d,
      { contentType: 'image/jpeg', body: Buffer.alloc(limit + 1, 7) },
      400,
      'EntityTooLarge',
    );
    const exact = await postUpload(t, d, { contentType: 'image/jpeg', body: Buffer.alloc(limit, 7) });
    expect(exact.statusCode, exact.body).toBe(201);
  });

  it('refuses an empty file', async () => {
    const d = await okDestination({ key: 'empty.png', uploadType: 'TEMPLATE_IMAGE' });
    await expectRefused(d, { contentType: 'image/png', body: Buffer.alloc(0) }, 400, 'EntityTooSmall');
  });

  it('refuses a content type other than the signed one, or none', async () => {
    const d = await okDestination({ key: 'photo.jpg', uploadType: 'TEMPLATE_IMAGE' });
    expect(policyOf(d).conditions).toContainEqual(['eq', '$Content-Type', 'image/jpeg']);
    await expectRefused(d, { contentType: 'text/html', body: PNG }, 403, 'AccessDenied', /Content-Type/);
    await expectRefused(d, { contentType: 'image/png', body: PNG }, 403, 'AccessDenied');
    await expectRefused(d, { body: PNG }, 403, 'AccessDenied');
  });

  it('refuses a tampered signature or policy', async () => {
    const d = await okDestination({ key: 'x.png', uploadType: 'TEMPLATE_IMAGE' });
    const signature = field(d, 'X-Amz-Signature')!;
    const flipped = (signature[0] === '0' ? '1' : '0') + signature.slice(1);
    await expectRefused(
      d,
      { contentType: 'image/png', body: PNG, override: { 'X-Amz-Signature': flipped } },
      403,
      'SignatureDoesNotMatch',
    );
    // A policy rewritten to allow more keeps the old signature, which no longer matches.
    const policy = policyOf(d);
    policy.conditions = policy.conditions.filter((c) => !(Array.isArray(c) && c[1] === '$key'));
    policy.conditions = policy.conditions.filter((c) => !(typeof c === 'object' && c && 'key' in c));
    const rewritten = Buffer.from(JSON.stringify(policy)).toString('base64');
    await expectRefused(
      d,
      {
        contentType: 'image/png',
        body: PNG,
        override: { Policy: rewritten, key: `clients/${otherClientId}/template-images/x.png` },
      },
      403,
      'SignatureDoesNotMatch',
    );
    await expectRefused(
      d,
      { contentType: 'image/png', body: PNG, override: { Policy: 'bm90IGpzb24=' } },
      400,
      'InvalidPolicyDocument',
    );
    await expectRefused(
      d,
      { contentType: 'image/png', body: PNG, override: { Policy: null } },
      403,
      'AccessDenied',
    );
    await expectRefused(
      d,
      {
        contentType: 'image/png',
        body: PNG,
        override: { 'X-Amz-Credential': field(d, 'X-Amz-Credential')!.replace('adloom-local', 'someone') },
      },
      403,
      'InvalidAccessKeyId',
    );
  });

  it('refuses a form field no condition covers, as S3 does (x-ignore- fields excepted)', async () => {
    const d = await okDestination({ key: 'extra.png', uploadType: 'TEMPLATE_IMAGE' });
    await expectRefused(
      d,
      { contentType: 'image/png', body: PNG, extra: [['x-amz-meta-owner', 'someone']] },
      403,
      'AccessDenied',
      /Extra input fields: x-amz-meta-owner/,
    );
    await expectRefused(
      d,
      { contentType: 'image/png', body: PNG, extra: [['key', 'second']] },
      400,
      'InvalidArgument',
    );
    const ignored = await postUpload(t, d, {
      contentType: 'image/png',
      body: PNG,
      extra: [['x-ignore-note', 'hi']],
    });
    expect(ignored.statusCode, ignored.body).toBe(201);
  });

  it('refuses a form without a file, a file under another name, and a body that is not a form', async () => {
    const d = await okDestination({ key: 'nofile.png', uploadType: 'TEMPLATE_IMAGE' });
    await expectRefused(
      d,
      { contentType: 'image/png', body: PNG, fileField: 'upload' },
      400,
      'InvalidArgument',
    );
    const json = await t.app.inject({ method: 'POST', url: '/uploads/', payload: { key: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.body).toContain('<Code>InvalidArgument</Code>');
    const boundary = 'b0undary';
    const fieldsOnly = await t.app.inject({
      method: 'POST',
      url: '/uploads/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\nx\r\n--${boundary}--\r\n`,
    });
    expect(fieldsOnly.statusCode).toBe(400);
    expect(fieldsOnly.body).toContain('POST requires exactly one file upload per request.');
  });

  it('refuses a bad file name and a content type the upload type does not allow', async () => {
    for (const [name, message] of [
      ['', /empty/],
      ['   ', /empty/],
      ['..', /only dots/],
      ['...', /only dots/],
    ] as const) {
      const answer = await destination({ key: name, uploadType: 'TEMPLATE_IMAGE', contentType: 'image/png' });
      expect(answer.uploadDestination).toBeNull();
      expect(answer.error?.code).toBe('INVALID_INPUT');
      expect(answer.error?.message).toMatch(message);
    }
    const svgThumb = await destination({
      key: 't.svg',
      uploadType: 'TEMPLATE_THUMBNAIL',
      contentType: 'image/svg+xml',
    });
    expect(svgThumb.error?.code).toBe('INVALID_INPUT');
    expect(svgThumb.error?.message).toMatch(/image\/jpeg, image\/png/);
    const unknown = await destination({ key: 'notes.txt', uploadType: 'CATALOG_FILE' });
    expect(unknown.error?.code).toBe('INVALID_INPUT');
    expect(unknown.error?.message).toMatch(/Pass contentType/);
    const inferred = await okDestination({ key: 'feed.xml.gz', uploadType: 'CATALOG_FILE' });
    expect(policyOf(inferred).conditions).toContainEqual(['eq', '$Content-Type', 'application/gzip']);
    expect(policyOf(inferred).conditions).toContainEqual(['content-length-range', 1, 2 * 1024 ** 3]);
  });

  it('keeps long file names to 120 characters, extension included', async () => {
    const d = await okDestination({ key: `${'ü'.repeat(200)}.woff2`, uploadType: 'BRAND_KIT_FONT' });
    const name = field(d, 'key')!.split('/').pop()!;
    expect(name).toBe(`${'_'.repeat(114)}.woff2`);
  });

  it('signs with a secret generated once and kept in the database', async () => {
    const secret = await uploadSecret(t.config, t.deps.db);
    const [row] = await t.deps.db
      .select()
      .from(systemState)
      .where(eq(systemState.key, 'upload_signing_secret'));
    expect((row?.value as { secret: string }).secret).toBe(secret);
    const d = await okDestination({ key: 'k.png', uploadType: 'TEMPLATE_IMAGE' });
    const date = field(d, 'X-Amz-Credential')!.split('/')[1]!;
    expect(signPolicy(secret, date, 'us-east-1', field(d, 'Policy')!)).toBe(field(d, 'X-Amz-Signature'));
  });
});

describe('upload configuration', () => {
  const deps = (env: Record<string, string>) => ({
    config: loadConfig({ PUBLIC_URL: 'https://app.example', ...env }),
    db: undefined as never,
  });

  it('signs with UPLOAD_SECRET when it is set', async () => {
    const { config, db } = deps({ UPLOAD_SECRET: 's'.repeat(40) });
    const d = await createUploadDestination(
      { config, db },
      { clientId: '00000000-0000-4000-8000-000000000001' },
      {
        fileName: 'a.png',
        uploadType: 'TEMPLATE_IMAGE',
      },
    );
    const date = field(d, 'X-Amz-Credential')!.split('/')[1]!;
    expect(signPolicy('s'.repeat(40), date, 'us-east-1', field(d, 'Policy')!)).toBe(
      field(d, 'X-Amz-Signature'),
    );
    expect(d.url).toBe('https://app.example/uploads/');
  });

  it('presigns for S3 when S3_BUCKET is set, with a policy S3 would accept', async () => {
    const s3 = {
      S3_BUCKET: 'adloom-media',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    };
    const { config, db } = deps(s3);
    const d = await createUploadDestination(
      { config, db },
      { clientId: '00000000-0000-4000-8000-000000000001' },
      { fileName: 'song.mp3', uploadType: 'BRAND_KIT_AUDIO' },
    );
    expect(d.url).toBe('https://adloom-media.s3.eu-west-1.amazonaws.com/');
    expect(field(d, 'bucket')).toBe('adloom-media');
    expect(field(d, 'X-Amz-Credential')).toMatch(/^AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request$/);
    const fields = [
      ...d.formFields.map((f) => ({ name: f.key, value: f.value })),
      { name: 'Content-Type', value: 'audio/mpeg' },
    ];
    const check = checkPostPolicy(fields, {
      bucket: 'adloom-media',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: s3.S3_SECRET_ACCESS_KEY,
      region: 'eu-west-1',
      now: new Date(),
    });
    expect(check).toMatchObject({
      ok: true,
      key: field(d, 'key'),
      maxBytes: 50 * 1024 * 1024,
      successStatus: 201,
    });
    const key = field(d, 'key')!;
    expect(fileUrl(config, key)).toBe(`https://adloom-media.s3.eu-west-1.amazonaws.com/${key}`);

    const custom = deps({ ...s3, S3_ENDPOINT: 'http://minio.local:9000/', S3_PUBLIC_URL: '' });
    const viaEndpoint = await createUploadDestination(
      custom,
      { clientId: '00000000-0000-4000-8000-000000000001' },
      { fileName: 'song.mp3', uploadType: 'BRAND_KIT_AUDIO' },
    );
    expect(viaEndpoint.url).toMatch(/^http:\/\/minio\.local:9000\/adloom-media\/?$/);
    expect(fileUrl(custom.config, 'clients/x/a.png')).toBe(
      'http://minio.local:9000/adloom-media/clients/x/a.png',
    );
    const cdn = deps({ ...s3, S3_PUBLIC_URL: 'https://cdn.example/' });
    expect(fileUrl(cdn.config, 'clients/x/a b.png')).toBe('https://cdn.example/clients/x/a%20b.png');
  });

  it('refuses half an S3 key pair', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-the-id' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
  });
});
