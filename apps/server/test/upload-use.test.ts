import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { pngClaiming, solidImage } from '@adloom/renderer/test-fixtures';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogs } from '../src/db/schema.js';
import { acceptUpload } from '../src/modules/uploads/accept-upload.js';
import { parseUploadKey, storedKeyOf, type UploadType } from '../src/modules/uploads/upload-types.js';
import {
  boxesOtf,
  latoBlackTtf,
  latoWoff2,
  m4aAudio,
  mp3Audio,
  pngLogo,
  svgLogo,
  wavAudio,
} from './fixtures/brand-kit.js';
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

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describeEachDatabase('taking uploads into use on %s', (kind) => {
  let t: TestApp;
  let clientId: string;
  let otherClientId: string;
  let session: Session;

  async function destination(fileName: string, uploadType: UploadType, contentType: string) {
    const res = await gql(t, {
      session,
      clientId,
      query: CREATE,
      variables: { key: fileName, uploadType, contentType },
    });
    expect(res.data?.createUploadDestination.error).toBeNull();
    return res.data!.createUploadDestination.uploadDestination as Destination;
  }
  const keyOf = (d: Destination) => d.formFields.find((f) => f.key === 'key')!.value;
  /** Posts `body` to a fresh destination; resolves with the upload's key. */
  async function upload(fileName: string, uploadType: UploadType, contentType: string, body: Buffer) {
    const d = await destination(fileName, uploadType, contentType);
    const answer = await postUpload(t, d, { contentType, body, fileName });
    expect(answer.statusCode, answer.body).toBe(201);
    return { d, key: keyOf(d) };
  }
  const accept = (key: string, uploadTypes: UploadType[]) =>
    acceptUpload(t.deps, { clientId, key, uploadTypes });
  const bytesAt = async (key: string) => {
    const file = await t.deps.files.get(key);
    return file ? readAll(file.stream) : null;
  };
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: { code?: string; message: string }) => ({ code: error.code, message: error.message }),
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    clientId = (await makeClient(t, 'Uploader')).id;
    otherClientId = (await makeClient(t, 'Other')).id;
    const user = await makeUser(t, { clientId });
    session = await signIn(t, user.email, PASSWORD);
  });
  afterAll(() => t.close());

  it('a destination takes one file: a second post is refused and the first file stays', async () => {
    const first = await pngLogo(10, 10);
    const { d, key } = await upload('logo.png', 'BRAND_KIT_LOGO', 'image/png', first);
    const again = await postUpload(t, d, { contentType: 'image/png', body: await pngLogo(20, 20) });
    expect(again.statusCode).toBe(403);
    expect(again.body).toContain('<Code>AccessDenied</Code>');
    expect(again.body).toContain('this upload destination was used already. Ask for a new one.');
    expect((await bytesAt(key))?.equals(first)).toBe(true);
  });

  it('an upload is taken into use once, as a copy under a key no destination names', async () => {
    const png = await pngLogo(16, 16);
    const { d, key } = await upload('thumb.png', 'TEMPLATE_THUMBNAIL', 'image/png', png);
    const accepted = await accept(key, ['TEMPLATE_THUMBNAIL', 'TEMPLATE_IMAGE']);
    expect(accepted).toEqual({
      key: storedKeyOf(key),
      uploadType: 'TEMPLATE_THUMBNAIL',
      fileName: 'thumb.png',
      size: png.length,
      contentType: 'image/png',
    });
    // The stored key: the upload's, with a version 8 uuid that no destination is ever signed for.
    expect(accepted.key).not.toBe(key);
    expect(accepted.key).toMatch(
      new RegExp(
        `^clients/${clientId}/template-thumbnails/[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/thumb\\.png$`,
      ),
    );
    expect(parseUploadKey(key)?.stored).toBe(false);
    expect(parseUploadKey(accepted.key)?.stored).toBe(true);
    expect((await bytesAt(accepted.key))?.equals(png)).toBe(true);
    expect(await bytesAt(key)).toBeNull();
    const served = await t.app.inject({ method: 'GET', url: `/files/${accepted.key}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);

    // Used once: a second use and a later post to the destination are refused, the copy never changes.
    expect(await refusal(accept(key, ['TEMPLATE_THUMBNAIL']))).toEqual({
      code: 'NOT_FOUND',
      message: `Nothing is stored under '${key}'. Upload the file to its upload destination first.`,
    });
    const replay = await postUpload(t, d, { contentType: 'image/png', body: pngClaiming(30000, 30000) });
    expect(replay.statusCode).toBe(403);
    expect(await bytesAt(key)).toBeNull();
    // Even when something is under the upload's key again (an S3 bucket takes the post), it is not used.
    await t.deps.files.put(key, pngClaiming(30000, 30000), { contentType: 'image/png' });
    expect(await refusal(accept(key, ['TEMPLATE_THUMBNAIL']))).toEqual({
      code: 'UPLOAD_USED',
      message: "'thumb.png' was used already: an upload can be used once. Upload the file again.",
    });
    expect((await bytesAt(accepted.key))?.equals(png)).toBe(true);
    // The stored key itself is accepted as it is where a caller asks for that (a template saved with its own
    // thumbnail), and otherwise refused as used.
    const again = await acceptUpload(t.deps, {
      clientId,
      key: accepted.key,
      uploadTypes: ['TEMPLATE_THUMBNAIL'],
      acceptStored: true,
    });
    expect(again.key).toBe(accepted.key);
    expect((await refusal(accept(accepted.key, ['TEMPLATE_THUMBNAIL'])))?.code).toBe('UPLOAD_USED');
  });

  it("refuses another client's upload, other folders and keys that are not uploads", async () => {
    const { key } = await upload('a.png', 'TEMPLATE_IMAGE', 'image/png', await pngLogo(4, 4));
    const theirs = key.replace(clientId, otherClientId);
    for (const [wrong, types] of [
      [theirs, ['TEMPLATE_IMAGE']],
      [key, ['BRAND_KIT_LOGO']],
      ['library/summer/0123456789abcdef.jpg', ['TEMPLATE_IMAGE']],
      [`clients/${clientId}/msa/0123.pdf`, ['TEMPLATE_IMAGE']],
      ['https://evil.example/a.png', ['TEMPLATE_IMAGE']],
    ] as const)
      expect((await refusal(accept(wrong, [...types])))?.code, wrong).toBe('INVALID_INPUT');
    expect((await refusal(accept(theirs, ['TEMPLATE_IMAGE'])))?.message).toBe(
      `'${theirs}' is not an upload of this workspace. Upload the file (createUploadDestination with uploadType TEMPLATE_IMAGE) and pass the key it was stored under.`,
    );
    // Nothing was used up by the refusals.
    expect((await accept(key, ['TEMPLATE_IMAGE'])).key).toBe(storedKeyOf(key));
    // A destination not posted to yet: NOT_FOUND, and it can still be used.
    const later = await destination('later.png', 'TEMPLATE_IMAGE', 'image/png');
    expect((await refusal(accept(keyOf(later), ['TEMPLATE_IMAGE'])))?.code).toBe('NOT_FOUND');
    const posted = await postUpload(t, later, { contentType: 'image/png', body: await pngLogo(4, 4) });
    expect(posted.statusCode).toBe(201);
    expect((await accept(keyOf(later), ['TEMPLATE_IMAGE'])).contentType).toBe('image/png');
  });

  it('checks the stored bytes against the declared type, for every upload type', async () => {
    const png = await pngLogo(8, 8);
    const jpeg = await solidImage('jpeg', 8, 8);
    const cases: [UploadType, string, string, Buffer, string][] = [
      ['TEMPLATE_THUMBNAIL', 't.jpg', 'image/jpeg', jpeg, 'image/jpeg'],
      [
        'TEMPLATE_THUMBNAIL',
        't.png',
        'image/png',
        jpeg,
        "'t.png' was declared as image/png, but it is a JPEG image.",
      ],
      ['TEMPLATE_IMAGE', 'i.webp', 'image/webp', await solidImage('webp', 8, 8), 'image/webp'],
      [
        'TEMPLATE_IMAGE',
        'i.webp',
        'image/webp',
        png,
        "'i.webp' was declared as image/webp, but it is a PNG image.",
      ],
      ['TEMPLATE_IMAGE', 'i.svg', 'image/svg+xml', svgLogo(), 'image/svg+xml'],
      [
        'TEMPLATE_IMAGE',
        'i.svg',
        'image/svg+xml',
        Buffer.from('<html><script>alert(1)</script></html>'),
        "'i.svg' was declared as image/svg+xml, but it is an XML document.",
      ],
      [
        'BRAND_KIT_LOGO',
        'l.png',
        'image/png',
        await solidImage('gif', 8, 8),
        "'l.png' was declared as image/png, but it is a GIF image.",
      ],
      ['BRAND_KIT_FONT', 'f.ttf', 'font/ttf', boxesOtf(), 'font/otf'],
      ['BRAND_KIT_FONT', 'f.bin', 'application/octet-stream', await latoWoff2(), 'font/woff2'],
      [
        'BRAND_KIT_FONT',
        'f.woff2',
        'font/woff2',
        await latoBlackTtf(),
        "'f.woff2' was declared as font/woff2, but it is a TrueType font.",
      ],
      [
        'BRAND_KIT_FONT',
        'f.bin',
        'application/octet-stream',
        png,
        "'f.bin' was declared as application/octet-stream, but it is a PNG image.",
      ],
      ['BRAND_KIT_AUDIO', 'a.mp3', 'audio/mpeg', mp3Audio(10), 'audio/mpeg'],
      ['BRAND_KIT_AUDIO', 'a.m4a', 'audio/x-m4a', m4aAudio(1), 'audio/mp4'],
      [
        'BRAND_KIT_AUDIO',
        'a.wav',
        'audio/wav',
        Buffer.from([0x00, 0x13, 0x37, 0x00, 0x42]),
        "'a.wav' was declared as audio/wav, but its content is not WAV audio.",
      ],
      [
        'BRAND_KIT_AUDIO',
        'a.mp3',
        'audio/mpeg',
        wavAudio(0.1),
        "'a.mp3' was declared as audio/mpeg, but it is WAV audio.",
      ],
      ['CATALOG_FILE', 'c.csv', 'text/csv', Buffer.from('\ufeffid,title\n1,Shoe\n'), 'text/csv'],
      [
        'CATALOG_FILE',
        'c.csv',
        'text/csv',
        gzipSync('id,title\n1,Shoe\n'),
        "'c.csv' was declared as text/csv, but it is a gzip archive.",
      ],
      [
        'CATALOG_FILE',
        'c.xml',
        'application/xml',
        Buffer.from('<?xml version="1.0"?><rss/>'),
        'application/xml',
      ],
      [
        'CATALOG_FILE',
        'c.xml',
        'application/xml',
        Buffer.from('id,title\n1,Shoe\n'),
        "'c.xml' was declared as application/xml, but it is plain text.",
      ],
      ['CATALOG_FILE', 'c.gz', 'application/gzip', gzipSync('<rss/>'), 'application/gzip'],
      ['CATALOG_FILE', 'c.txt', 'application/octet-stream', Buffer.from('id\ttitle\n'), 'text/plain'],
      [
        'CATALOG_FILE',
        'c.txt',
        'application/octet-stream',
        Buffer.from('PK\x03\x04 a zip'),
        "'c.txt' was declared as application/octet-stream, but it is a ZIP archive.",
      ],
    ];
    for (const [uploadType, fileName, declared, bytes, expected] of cases) {
      const { key } = await upload(fileName, uploadType, declared, bytes);
      const what = `${uploadType} ${declared} ${expected}`;
      if (expected.includes(' ')) {
        expect(await refusal(accept(key, [uploadType])), what).toEqual({
          code: 'INVALID_FILE',
          message: expected,
        });
        // A refused upload is removed, and nothing was stored for it.
        expect(await bytesAt(key), what).toBeNull();
        expect(await bytesAt(storedKeyOf(key)), what).toBeNull();
      } else {
        const accepted = await accept(key, [uploadType]);
        expect(accepted.contentType, what).toBe(expected);
        expect((await bytesAt(accepted.key))?.equals(bytes), what).toBe(true);
        const served = await t.app.inject({ method: 'GET', url: `/files/${accepted.key}` });
        expect(served.headers['content-type'], what).toBe(expected);
      }
    }
  });

  it('refuses an image whose header claims more than the pixel limit', async () => {
    const { key } = await upload('bomb.png', 'TEMPLATE_THUMBNAIL', 'image/png', pngClaiming(20000, 20000));
    const refused = await refusal(accept(key, ['TEMPLATE_THUMBNAIL']));
    expect(refused?.code).toBe('INVALID_FILE');
    expect(refused?.message).toBe(
      "Image 'bomb.png' is 20000 × 20000 pixels, more than the limit of 25 megapixels; use a smaller image.",
    );
    expect(await bytesAt(storedKeyOf(key))).toBeNull();
  });

  it('a catalogue import reads the checked copy, and its upload starts one import', async () => {
    const csv = Buffer.from('id,title,price\n1,Shoe,10.00 USD\n');
    const { d, key } = await upload('shoes.csv', 'CATALOG_FILE', 'text/csv', csv);
    const created = await gql(t, {
      session,
      clientId,
      query:
        'mutation($key: String!) { createCatalog(name: "Shoes", uploadKey: $key) { catalog { id } error { code message } } }',
      variables: { key },
    });
    expect(created.data?.createCatalog.error).toBeNull();
    const catalog = created.data?.createCatalog.catalog as { id: string };
    const importAgain = (uploadKey: string) =>
      gql(t, {
        session,
        clientId,
        query:
          'mutation($id: ID!, $key: String) { importCatalog(id: $id, source: { uploadKey: $key }) { import { id } error { code message } } }',
        variables: { id: catalog.id, key: uploadKey },
      }).then((res) => res.data?.importCatalog as { import: unknown; error: { code: string } | null });
    expect(await bytesAt(key)).toBeNull();
    expect((await importAgain(key)).error?.code).toBe('INVALID_INPUT');
    expect((await postUpload(t, d, { contentType: 'text/csv', body: Buffer.from('id\n') })).statusCode).toBe(
      403,
    );
    // The catalogue reads the stored copy, which no destination reaches.
    const [row] = await t.deps.db.select().from(catalogs).where(eq(catalogs.id, catalog.id));
    expect(row?.sourceFileKey).toBe(storedKeyOf(key));
    expect((await bytesAt(storedKeyOf(key)))?.equals(csv)).toBe(true);

    // A gzip archive declared as CSV: refused, and (createCatalog being one transaction) no catalogue.
    const zipped = await upload('zipped.csv', 'CATALOG_FILE', 'text/csv', gzipSync(csv));
    const refused = await gql(t, {
      session,
      clientId,
      query:
        'mutation($key: String!) { createCatalog(name: "Zipped", uploadKey: $key) { catalog { id } error { code message } } }',
      variables: { key: zipped.key },
    });
    expect(refused.data?.createCatalog).toEqual({
      catalog: null,
      error: {
        code: 'INVALID_FILE',
        message: "'zipped.csv' was declared as text/csv, but it is a gzip archive.",
      },
    });
  });

  it('a checked brand kit logo cannot be replaced through its destination', async () => {
    const logo = await pngLogo(300, 100);
    const { d, key } = await upload('brand.png', 'BRAND_KIT_LOGO', 'image/png', logo);
    const created = await gql(t, {
      session,
      clientId,
      query:
        'mutation($k: String!) { createBrandKitItem(name: "Brand", type: LOGO, fileKey: $k) { brandKitItem { content { downloadUrl } } error { code message } } }',
      variables: { k: key },
    });
    expect(created.data?.createBrandKitItem.error).toBeNull();
    const url = new URL(created.data?.createBrandKitItem.brandKitItem.content.downloadUrl as string).pathname;
    expect(url).toBe(`/files/${storedKeyOf(key)}`);
    const replay = await postUpload(t, d, { contentType: 'image/png', body: pngClaiming(60000, 60000) });
    expect(replay.statusCode).toBe(403);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.rawPayload.equals(logo)).toBe(true);
  });
});
