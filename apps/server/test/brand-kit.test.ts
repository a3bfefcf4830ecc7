import {
  BRAND_KIT_MAX_DISCLAIMER_LENGTH,
  BRAND_KIT_MAX_ITEMS,
  createBuilderDocument,
  writeBuilderMetadata,
} from '@adloom/template';
import { render } from '@adloom/renderer/server';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { brandKitItems, type BrandKitItemType } from '../src/db/schema.js';
import { brandKitRenderFonts } from '../src/modules/brand-kit/brand-kit.fonts.js';
import { limitMessage } from '../src/modules/brand-kit/brand-kit.service.js';
import { keyFromFileUrl } from '../src/modules/uploads/file-url.js';
import {
  boxesOtf,
  jpegLogo,
  latoBlackTtf,
  latoBoldItalicWoff,
  latoWoff,
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

const ITEM_FIELDS = `id type state name textContent content { id state error filename downloadUrl contentType size thumbnailUrl }`;
const CREATE = `mutation ($name: String!, $type: BrandKitItemType!, $legalAgreement: Boolean, $textContent: String, $fileKey: String) {
  createBrandKitItem(name: $name, type: $type, legalAgreement: $legalAgreement, textContent: $textContent, fileKey: $fileKey) {
    brandKitItem { ${ITEM_FIELDS} }
    error { code message }
  }
}`;
const KIT = `{ brandKit {
  colors { id name textContent }
  guides { id name content }
  disclaimers { id name textContent }
  logos { id name width height content { filename downloadUrl thumbnailUrl contentType size } }
  fonts { id name weight style fontUrl content { filename downloadUrl contentType } }
  audios { id name duration content { filename downloadUrl contentType } }
  limits { type count maxItems maxBytes maxTextLength }
  maxNameLength
} }`;

const UPLOAD_TYPES = { FONT: 'BRAND_KIT_FONT', LOGO: 'BRAND_KIT_LOGO', AUDIO: 'BRAND_KIT_AUDIO' } as const;
const CONTENT_TYPES: Record<string, string> = {
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff: 'font/woff',
  woff2: 'font/woff2',
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
};

interface Item {
  id: string;
  type: string;
  state: string;
  name: string;
  textContent: string | null;
  content: {
    id: string;
    state: string;
    error: string | null;
    filename: string;
    downloadUrl: string;
    contentType: string;
    size: number;
    thumbnailUrl: string | null;
  } | null;
}
interface Payload {
  brandKitItem: Item | null;
  error: { code: string; message: string } | null;
}

describeEachDatabase('brand kit on %s', (kind) => {
  let t: TestApp;
  let clientId: string;
  let session: Session;

  const call = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await gql(t, { session, clientId, query, variables });
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    return res.data!;
  };
  const create = async (variables: Record<string, unknown>): Promise<Payload> =>
    (await call(CREATE, { name: '', ...variables })).createBrandKitItem;
  const kit = async () => (await call(KIT)).brandKit;

  /** Uploads `body` as `fileName` to a fresh destination of the kind; resolves with the stored key. */
  async function upload(
    type: keyof typeof UPLOAD_TYPES,
    fileName: string,
    body: Buffer,
    contentType?: string,
  ) {
    const declared = contentType ?? CONTENT_TYPES[fileName.split('.').pop()!.toLowerCase()]!;
    const res = await call(
      'mutation($key: String!, $t: UploadType!, $c: String) { createUploadDestination(key: $key, uploadType: $t, contentType: $c) { uploadDestination { url formFields { key value } } error { message } } }',
      { key: fileName, t: UPLOAD_TYPES[type], c: declared },
    );
    const destination: Destination = res.createUploadDestination.uploadDestination;
    const answer = await postUpload(t, destination, { body, contentType: declared, fileName });
    expect(answer.statusCode, answer.body).toBe(201);
    return /<Key>([^<]+)<\/Key>/.exec(answer.body)![1]!;
  }

  /** Uploads and creates a file item; the font licence is confirmed unless said otherwise. */
  async function addFile(
    type: keyof typeof UPLOAD_TYPES,
    fileName: string,
    body: Buffer,
    extra: Record<string, unknown> = {},
  ) {
    const fileKey = await upload(type, fileName, body);
    // As the brand kit screen does: a font is named from the file's own name (the stored one is cleaned).
    const named = type === 'FONT' ? { name: fileName } : {};
    const result = await create({ type, fileKey, legalAgreement: type === 'FONT', ...named, ...extra });
    return { fileKey, ...result };
  }

  const fetchFile = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
  const stored = (key: string) => t.deps.files.get(key).then((file) => (file?.stream.destroy(), file));

  beforeAll(async () => {
    t = await createTestApp(kind);
    const client = await makeClient(t, 'Brandy');
    clientId = client.id;
    const user = await makeUser(t, { clientId });
    session = await signIn(t, user.email, PASSWORD);
  });
  afterAll(() => t.close());

  it('colours, guides and disclaimers: created, listed oldest first, checked', async () => {
    const red = await create({ type: 'COLOR', name: 'Brand red', textContent: '#E53935' });
    expect(red).toMatchObject({
      brandKitItem: {
        type: 'COLOR',
        state: 'READY',
        name: 'Brand red',
        textContent: '#e53935',
        content: null,
      },
      error: null,
    });
    expect((await create({ type: 'COLOR', textContent: '#abc' })).brandKitItem).toMatchObject({
      name: 'New Color',
      textContent: '#aabbcc',
    });
    // Refused, naming the field, never saved as another colour.
    expect((await create({ type: 'COLOR', textContent: 'blue' })).error).toEqual({
      code: 'INVALID_COLOR',
      message: 'Colour (textContent): ‘blue’ is not a colour: use a hex value such as #1e88e5.',
    });
    expect((await create({ type: 'COLOR', textContent: '#12345g' })).error?.code).toBe('INVALID_COLOR');
    expect((await create({ type: 'COLOR', textContent: ' ' })).error).toEqual({
      code: 'INVALID_COLOR',
      message: 'Colour (textContent): Enter a colour as a hex value, such as #1e88e5.',
    });

    const guide = await create({
      type: 'GUIDE',
      name: 'Tone of voice',
      textContent: '# Tone\n\n- **Warm**, never _cute_.',
    });
    expect(guide.brandKitItem).toMatchObject({ type: 'GUIDE', name: 'Tone of voice' });
    expect((await create({ type: 'GUIDE', name: 'Empty', textContent: '  ' })).error).toEqual({
      code: 'INVALID_INPUT',
      message: 'A guide needs its text.',
    });

    const fits = 'x'.repeat(BRAND_KIT_MAX_DISCLAIMER_LENGTH);
    expect((await create({ type: 'DISCLAIMER', name: 'Offer', textContent: fits })).error).toBeNull();
    expect((await create({ type: 'DISCLAIMER', name: 'Long', textContent: `${fits}y` })).error).toEqual({
      code: 'INVALID_INPUT',
      message: 'A disclaimer can have at most 200 characters; this one has 201.',
    });
    expect((await create({ type: 'DISCLAIMER', textContent: 'T&Cs apply.' })).brandKitItem?.name).toBe(
      'New Disclaimer',
    );
    expect((await create({ type: 'COLOR', name: 'n'.repeat(101), textContent: '#000' })).error?.message).toBe(
      'A colour name can have at most 100 characters.',
    );

    const data = await kit();
    expect(data.colors.map((c: { name: string }) => c.name)).toEqual(['Brand red', 'New Color']);
    expect(data.guides).toEqual([
      { id: guide.brandKitItem!.id, name: 'Tone of voice', content: '# Tone\n\n- **Warm**, never _cute_.' },
    ]);
    expect(data.disclaimers.map((d: { textContent: string }) => d.textContent)).toEqual([
      fits,
      'T&Cs apply.',
    ]);
    expect(data.maxNameLength).toBe(100);
    expect(data.limits).toEqual(
      expect.arrayContaining([
        { type: 'COLOR', count: 2, maxItems: 20, maxBytes: null, maxTextLength: null },
        { type: 'DISCLAIMER', count: 2, maxItems: 50, maxBytes: null, maxTextLength: 200 },
        { type: 'GUIDE', count: 1, maxItems: 50, maxBytes: null, maxTextLength: 20000 },
        { type: 'LOGO', count: 0, maxItems: 5, maxBytes: 10 * 1024 * 1024, maxTextLength: null },
        { type: 'FONT', count: 0, maxItems: 20, maxBytes: 10 * 1024 * 1024, maxTextLength: null },
        { type: 'AUDIO', count: 0, maxItems: 5, maxBytes: 50 * 1024 * 1024, maxTextLength: null },
      ]),
    );
  });

  it('fonts: TTF, OTF, WOFF and WOFF2, named by the cleaning rule, weight and style read from the file, served to renderers', async () => {
    const ttf = await addFile('FONT', 'my brand-display bold.ttf', await latoBlackTtf());
    expect(ttf.error).toBeNull();
    expect(ttf.brandKitItem).toMatchObject({
      type: 'FONT',
      name: 'My Brand-display Bold',
      content: {
        filename: 'my_brand-display_bold.ttf',
        contentType: 'font/ttf',
        state: 'READY',
        error: null,
      },
    });
    const otf = await addFile('FONT', '2024 boxes.otf', boxesOtf());
    expect(otf.brandKitItem?.name).toBe('Font 2024 Boxes');
    const woff = await addFile('FONT', 'x.woff', latoWoff(), { name: 'lato (web)' });
    expect(woff.brandKitItem?.name).toBe('Lato Web');
    const woff2 = await addFile('FONT', 'Brand Serif.woff2', latoWoff2());
    expect(woff2.brandKitItem).toMatchObject({ name: 'Brand Serif', content: { contentType: 'font/woff2' } });
    const italic = await addFile('FONT', 'Brand Bold Italic.woff', latoBoldItalicWoff());
    expect(italic.error).toBeNull();

    const fonts = (await kit()).fonts as {
      id: string;
      name: string;
      weight: number;
      style: string;
      fontUrl: string;
      content: { downloadUrl: string };
    }[];
    // Read from each file (OS/2 usWeightClass and fsSelection), not assumed 400 normal.
    expect(fonts.map((f) => [f.name, f.weight, f.style])).toEqual([
      ['My Brand-display Bold', 900, 'normal'],
      // opentype.js writes usWeightClass 500 into the fonts it builds.
      ['Font 2024 Boxes', 500, 'normal'],
      ['Lato Web', 400, 'normal'],
      ['Brand Serif', 400, 'normal'],
      ['Brand Bold Italic', 700, 'italic'],
    ]);
    // TTF, OTF and WOFF are loaded as uploaded; WOFF2 (which opentype.js cannot read) as decoded TrueType.
    for (const font of fonts.slice(0, 3)) expect(font.fontUrl).toBe(font.content.downloadUrl);
    const serif = fonts[3]!;
    expect(serif.fontUrl).not.toBe(serif.content.downloadUrl);
    expect(serif.fontUrl).toMatch(/\/Brand_Serif\.ttf$/);
    const decoded = await fetchFile(serif.fontUrl);
    expect(decoded.statusCode).toBe(200);
    expect(decoded.headers['content-type']).toBe('font/ttf');
    expect(decoded.headers['access-control-allow-origin']).toBe('*');
    expect(decoded.rawPayload.subarray(0, 4).toString('hex')).toBe('00010000');

    // The builder's font list has them at once, first, each with its file's weight (and italic when it is).
    const families = (
      await call('{ fontFamilies { family weights italicWeights source fontUrl brandKitItemId } }')
    ).fontFamilies as { family: string; weights: number[]; source: string; fontUrl: string | null }[];
    expect(families.slice(0, 5)).toEqual(
      fonts.map((f) => ({
        family: f.name,
        weights: [f.weight],
        italicWeights: f.style === 'italic' ? [f.weight] : [],
        source: 'BRAND_KIT',
        fontUrl: f.fontUrl,
        brandKitItemId: f.id,
      })),
    );
    expect(families.find((f) => f.family === 'Open Sans')).toMatchObject({
      source: 'CATALOGUE',
      fontUrl: null,
    });
    expect(families.length).toBeGreaterThan(40);
  });

  it('fonts: refused without the licence confirmation, under a taken name, or when not a font', async () => {
    const bytes = await latoBlackTtf();
    const key = await upload('FONT', 'Licensed.ttf', bytes);
    expect((await create({ type: 'FONT', fileKey: key, legalAgreement: false })).error).toEqual({
      code: 'LEGAL_AGREEMENT_REQUIRED',
      message:
        'Confirm that you hold a licence to use this font in your ads before adding it (legalAgreement).',
    });
    expect((await create({ type: 'FONT', fileKey: key })).error?.code).toBe('LEGAL_AGREEMENT_REQUIRED');
    // Still uploaded: confirming adds it.
    expect((await create({ type: 'FONT', fileKey: key, legalAgreement: true })).brandKitItem?.name).toBe(
      'Licensed',
    );
    expect((await create({ type: 'FONT', fileKey: key, legalAgreement: true })).error?.message).toBe(
      "The file 'Licensed.ttf' is in the brand kit already. Upload it again to add a copy.",
    );

    expect((await addFile('FONT', 'licensed.otf', boxesOtf())).error).toEqual({
      code: 'NAME_TAKEN',
      message: "The brand kit has a font named 'Licensed' already. Choose another name.",
    });
    expect((await addFile('FONT', 'open sans.ttf', bytes)).error).toEqual({
      code: 'NAME_TAKEN',
      message: "'Open Sans' is a font of the catalogue already. Give the brand font another name.",
    });
    expect((await create({ type: 'FONT', legalAgreement: true })).error?.message).toMatch(
      /^A font is a file: upload it \(createUploadDestination with uploadType BRAND_KIT_FONT\)/,
    );

    // A PNG renamed .ttf: refused by its content, and the upload is removed.
    const png = await addFile('FONT', 'sneaky.ttf', await pngLogo());
    expect(png.error).toEqual({
      code: 'INVALID_FILE',
      message: "'sneaky.ttf' was declared as font/ttf, but it is a PNG image.",
    });
    expect(await stored(png.fileKey)).toBeNull();
    // A font signature with nothing behind it.
    const broken = await addFile('FONT', 'broken.woff2', Buffer.from('wOF2 and then nothing useful at all'));
    expect(broken.error).toEqual({
      code: 'INVALID_FILE',
      message: "'broken.woff2' is a damaged WOFF2 font: it could not be decoded.",
    });
    const truncated = await addFile('FONT', 'truncated.ttf', bytes.subarray(0, 200));
    expect(truncated.error?.code).toBe('INVALID_FILE');
    expect(truncated.error?.message).toMatch(/^'truncated\.ttf' is a damaged font: /);
  });

  it('bad files: an empty file or one over the size limit never becomes an item', async () => {
    // The upload endpoint refuses both by the signed policy…
    const destination = async (key: string) =>
      (
        await call(
          'mutation($key: String!) { createUploadDestination(key: $key, uploadType: BRAND_KIT_FONT, contentType: "font/ttf") { uploadDestination { url formFields { key value } } } }',
          { key },
        )
      ).createUploadDestination.uploadDestination as Destination;
    const empty = await postUpload(t, await destination('empty.ttf'), {
      body: Buffer.alloc(0),
      contentType: 'font/ttf',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('<Code>EntityTooSmall</Code>');
    const tooBig = await postUpload(t, await destination('big.ttf'), {
      body: Buffer.alloc(10 * 1024 * 1024 + 1),
      contentType: 'font/ttf',
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.body).toContain('<Code>EntityTooLarge</Code>');

    // …and createBrandKitItem checks again what the store holds (an S3 bucket may have other rules).
    const key = (name: string, folder = 'brand-kit-fonts') =>
      `clients/${clientId}/${folder}/0b8f7c4e-3a1d-4c55-9f00-${String(Date.now()).padStart(12, '0').slice(-12)}/${name}`;
    const emptyKey = key('empty.ttf');
    await t.deps.files.put(emptyKey, Buffer.alloc(0));
    expect((await create({ type: 'FONT', fileKey: emptyKey, legalAgreement: true })).error).toEqual({
      code: 'INVALID_FILE',
      message: "'empty.ttf' is empty.",
    });
    expect(await stored(emptyKey)).toBeNull();
    const bigKey = key('big.mp3', 'brand-kit-audio');
    await t.deps.files.put(bigKey, Buffer.alloc(50 * 1024 * 1024 + 1));
    expect((await create({ type: 'AUDIO', fileKey: bigKey })).error).toEqual({
      code: 'INVALID_FILE',
      message: "'big.mp3' is larger than 50 MB, the most an audio track may have.",
    });
    expect(await stored(bigKey)).toBeNull();
    expect((await create({ type: 'LOGO', fileKey: key('gone.png', 'brand-kit-logos') })).error?.code).toBe(
      'NOT_FOUND',
    );
    // Keys of another folder or workspace are not this kind's uploads.
    for (const fileKey of [
      key('a.ttf', 'brand-kit-logos'),
      key('a.ttf').replace(clientId, '0b8f7c4e-3a1d-4c55-9f00-111122223333'),
      '../x.ttf',
    ])
      expect((await create({ type: 'FONT', fileKey, legalAgreement: true })).error?.code).toBe(
        'INVALID_INPUT',
      );
  });

  it('logos: PNG, JPEG and SVG (sanitised), with thumbnails and sizes', async () => {
    const png = await addFile('LOGO', 'primary logo.png', await pngLogo(1200, 600));
    expect(png.brandKitItem).toMatchObject({ name: 'primary_logo', content: { contentType: 'image/png' } });
    const jpeg = await addFile('LOGO', 'mono.jpg', await jpegLogo(), { name: 'Mono' });
    expect(jpeg.brandKitItem?.name).toBe('Mono');
    // An SVG declared as PNG: refused by its content (issue 14, item 13), and the upload removed.
    const lying = await upload('LOGO', 'icon.svg', svgLogo(), 'image/png');
    expect((await create({ type: 'LOGO', name: 'Icon', fileKey: lying })).error).toEqual({
      code: 'INVALID_FILE',
      message: "'icon.svg' was declared as image/png, but it is an SVG image.",
    });
    expect(await stored(lying)).toBeNull();
    // Declared as what it is: sanitised, and stored as SVG.
    const svgKey = await upload('LOGO', 'icon.svg', svgLogo());
    const svg = await create({ type: 'LOGO', name: 'Icon', fileKey: svgKey });
    expect(svg.error).toBeNull();
    expect(svg.brandKitItem?.content?.contentType).toBe('image/svg+xml');
    expect(await stored(svgKey)).toBeNull();

    const logos = (await kit()).logos as {
      name: string;
      width: number;
      height: number;
      content: { downloadUrl: string; thumbnailUrl: string; contentType: string };
    }[];
    expect(logos.map((l) => [l.name, l.width, l.height])).toEqual([
      ['primary_logo', 1200, 600],
      ['Mono', 300, 300],
      ['Icon', 240, 120],
    ]);
    for (const logo of logos) {
      const thumbnail = await fetchFile(logo.content.thumbnailUrl);
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/png');
      const { width, height } = await sharp(thumbnail.rawPayload).metadata();
      expect(Math.max(width, height)).toBeLessThanOrEqual(256);
    }
    const kept = await fetchFile(logos[2]!.content.downloadUrl);
    expect(kept.headers['content-type']).toBe('image/svg+xml');
    expect(kept.body).toContain('<circle');
    for (const removed of ['<script', 'onclick', 'tracker.example']) expect(kept.body).not.toContain(removed);

    const wavKey = await upload('LOGO', 'logo.png', wavAudio(0.1));
    const notLogo = await create({ type: 'LOGO', fileKey: wavKey });
    expect(notLogo.error?.message).toBe("'logo.png' was declared as image/png, but it is WAV audio.");
  });

  it('audio: MP3, WAV and M4A with their length', async () => {
    const mp3 = await addFile('AUDIO', 'jingle.mp3', mp3Audio(100));
    const wav = await addFile('AUDIO', 'sonic logo.wav', wavAudio(2));
    const m4a = await addFile('AUDIO', 'voice.m4a', m4aAudio(3));
    for (const added of [mp3, wav, m4a]) expect(added.error).toBeNull();
    const audios = (await kit()).audios as {
      name: string;
      duration: number;
      content: { contentType: string; downloadUrl: string };
    }[];
    expect(audios.map((a) => [a.name, a.content.contentType])).toEqual([
      ['jingle', 'audio/mpeg'],
      ['sonic_logo', 'audio/wav'],
      ['voice', 'audio/mp4'],
    ]);
    expect(audios[0]!.duration).toBeCloseTo((100 * 1152) / 44100, 1);
    expect(audios[1]!.duration).toBeCloseTo(2, 3);
    expect(audios[2]!.duration).toBeCloseTo(3, 3);
    expect((await fetchFile(audios[1]!.content.downloadUrl)).statusCode).toBe(200);

    const png = await addFile('AUDIO', 'song.mp3', await pngLogo());
    expect(png.error?.message).toBe("'song.mp3' was declared as audio/mpeg, but it is a PNG image.");
  });

  it('renames guides, logos and fonts only; sets colours; deletes anything with its files', async () => {
    const data = await kit();
    const rename = async (id: string, name: string) =>
      (
        await call(
          `mutation($id: ID!, $name: String!) { renameBrandKitItem(id: $id, name: $name) { brandKitItem { name } error { code message } } }`,
          {
            id,
            name,
          },
        )
      ).renameBrandKitItem as {
        brandKitItem: { name: string } | null;
        error: { code: string; message: string } | null;
      };
    expect((await rename(data.guides[0].id, 'Voice & tone')).brandKitItem?.name).toBe('Voice & tone');
    expect((await rename(data.logos[0].id, 'Primary')).brandKitItem?.name).toBe('Primary');
    expect((await rename(data.fonts[0].id, 'headline (bold)!')).brandKitItem?.name).toBe('Headline Bold');
    expect((await rename(data.fonts[0].id, data.fonts[1].name.toLowerCase())).error?.code).toBe('NAME_TAKEN');
    expect((await rename(data.fonts[0].id, ' ')).error?.message).toBe('Give the font a name.');
    expect((await rename(data.colors[0].id, 'Red')).error).toEqual({
      code: 'NOT_RENAMABLE',
      message: 'A colour cannot be renamed; only guides, logos and fonts can.',
    });
    for (const other of [data.audios[0], data.disclaimers[0]])
      expect((await rename(other.id, 'x')).error?.code).toBe('NOT_RENAMABLE');
    expect((await call('{ fontFamilies { family } }')).fontFamilies[0].family).toBe('Headline Bold');

    const setColour = async (id: string, textContent: string) =>
      (
        await call(
          `mutation($id: ID!, $c: String!) { updateBrandKitColor(id: $id, textContent: $c) { brandKitItem { textContent } error { code message } } }`,
          {
            id,
            c: textContent,
          },
        )
      ).updateBrandKitColor;
    expect((await setColour(data.colors[0].id, '#00FF00')).brandKitItem.textContent).toBe('#00ff00');
    expect((await setColour(data.colors[0].id, 'green')).error.code).toBe('INVALID_COLOR');
    expect((await setColour(data.colors[0].id, 'rgb(0, 255, 0)')).error.message).toMatch(
      /^Colour \(textContent\): /,
    );
    expect((await setColour(data.guides[0].id, '#000000')).error.code).toBe('NOT_A_COLOR');

    const remove = async (id: string) =>
      (
        await call(
          'mutation($id: ID!) { deleteBrandKitItem(id: $id) { deletedId error { code message } } }',
          { id },
        )
      ).deleteBrandKitItem;
    const logo = data.logos[0];
    const files = [logo.content.downloadUrl, logo.content.thumbnailUrl];
    expect(await remove(logo.id)).toEqual({ deletedId: logo.id, error: null });
    for (const url of files) expect((await fetchFile(url)).statusCode).toBe(404);
    const woff2 = data.fonts.find(
      (f: { content: { contentType: string } }) => f.content.contentType === 'font/woff2',
    );
    expect((await remove(woff2.id)).deletedId).toBe(woff2.id);
    for (const url of [woff2.fontUrl, woff2.content.downloadUrl])
      expect((await fetchFile(url)).statusCode).toBe(404);
    expect(await remove(logo.id)).toEqual({
      deletedId: null,
      error: { code: 'NOT_FOUND', message: 'The brand kit item was not found.' },
    });
    expect((await remove('not-an-id')).error.code).toBe('NOT_FOUND');
    expect((await kit()).logos.map((l: { name: string }) => l.name)).toEqual(['Mono', 'Icon']);
  });

  it('limits: each kind refuses one item more than its limit, with the limit in the message', async () => {
    const other = await makeClient(t, 'Full house');
    const user = await makeUser(t, { clientId: other.id });
    const own = await signIn(t, user.email, PASSWORD);
    const as = async (query: string, variables: Record<string, unknown>) =>
      (await gql(t, { session: own, clientId: other.id, query, variables })).data!;
    const kinds: BrandKitItemType[] = ['LOGO', 'AUDIO', 'COLOR', 'GUIDE', 'DISCLAIMER', 'FONT'];
    // The last place is taken through the API; the ones before it are written directly, to be quick.
    for (const type of kinds)
      await t.deps.db.insert(brandKitItems).values(
        Array.from({ length: BRAND_KIT_MAX_ITEMS[type] - 1 }, (_, i) => ({
          clientId: other.id,
          type,
          name: `${type} ${i}`,
          textContent: type === 'COLOR' ? '#123456' : 'text',
          fileKey: ['LOGO', 'AUDIO', 'FONT'].includes(type) ? `clients/${other.id}/x/${type}-${i}` : null,
        })),
      );
    const upload = async (type: 'FONT' | 'LOGO' | 'AUDIO', fileName: string, body: Buffer) => {
      const res = await as(
        `mutation($key: String!) { createUploadDestination(key: $key, uploadType: ${UPLOAD_TYPES[type]}) { uploadDestination { url formFields { key value } } } }`,
        { key: fileName },
      );
      const answer = await postUpload(t, res.createUploadDestination.uploadDestination, {
        body,
        contentType: CONTENT_TYPES[fileName.split('.').pop()!],
      });
      return /<Key>([^<]+)<\/Key>/.exec(answer.body)![1]!;
    };
    const inputs: Record<BrandKitItemType, () => Promise<Record<string, unknown>>> = {
      LOGO: async () => ({ fileKey: await upload('LOGO', 'l.png', await pngLogo()) }),
      AUDIO: async () => ({ fileKey: await upload('AUDIO', 'a.wav', wavAudio(0.5)) }),
      FONT: async () => ({ fileKey: await upload('FONT', 'Limit.otf', boxesOtf()), legalAgreement: true }),
      COLOR: async () => ({ textContent: '#ff0000' }),
      GUIDE: async () => ({ name: 'Guide', textContent: 'Be brief.' }),
      DISCLAIMER: async () => ({ textContent: 'Terms apply.' }),
    };
    for (const type of kinds) {
      const last = await as(CREATE, { name: '', type, ...(await inputs[type]()) });
      expect(last.createBrandKitItem.error, type).toBeNull();
      const extra = await inputs[type]();
      const refused = await as(CREATE, { name: 'One more', type, ...extra });
      expect(refused.createBrandKitItem, type).toEqual({
        brandKitItem: null,
        error: { code: 'LIMIT_REACHED', message: limitMessage(type) },
      });
    }
    expect(limitMessage('LOGO')).toBe('The brand kit can hold at most 5 logos. Delete one to add another.');
    expect(limitMessage('FONT')).toBe('The brand kit can hold at most 20 fonts. Delete one to add another.');
    const limits = (await as('{ brandKit { limits { type count maxItems } } }', {})).brandKit.limits as {
      count: number;
      maxItems: number;
    }[];
    for (const limit of limits) expect(limit.count).toBe(limit.maxItems);
  });

  it('the renderer draws a template with the kit’s font, colour and logo', async () => {
    const data0 = await kit();
    const [font] = data0.fonts as { name: string }[];
    const colour = (data0.colors as { textContent: string }[])[0]!.textContent;
    const logoFile = await t.deps.files.get(keyFromFileUrl(t.config, data0.logos[0].content.downloadUrl)!);
    const chunks: Buffer[] = [];
    for await (const chunk of logoFile!.stream) chunks.push(chunk as Buffer);
    const logo = Buffer.concat(chunks);
    const template = (family: string) => {
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300" viewBox="0 0 600 300">' +
        '<rect id="MAIN_001" x="0" y="0" width="10" height="10"/>' +
        '<rect id="COLOR_PRIMARY" x="0" y="200" width="600" height="100" fill="#000"/>' +
        '<image id="LOGO_MAIN" x="450" y="20" width="120" height="120"/>' +
        `<text title="Brand" data-x="20" data-y="40" data-width="560" font-family="${family}" font-size="120" fill="#000">Brand</text>` +
        '</svg>';
      return writeBuilderMetadata(svg, createBuilderDocument({ width: 600, height: 300 }));
    };
    const { fonts, source } = await brandKitRenderFonts(t.deps, clientId);
    expect(fonts.map((f) => f.fontFamily)).toContain(font!.name);
    for (const f of fonts) expect(keyFromFileUrl(t.config, f.fontUrl)).not.toBeNull();
    const pixel = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const draw = async (family: string) => {
      const warnings: string[] = [];
      const result = await render(
        {
          template: template(family),
          inputs: [{ input: 'memory:pixel', color: colour }],
          metadata: {},
          additionalFiles: { fonts, logos: [{ key: 'main', input: 'memory:logo' }] },
        },
        {
          fonts: source,
          loadImage: async (input) =>
            input === 'memory:logo'
              ? { bytes: logo, width: 300, height: 300, format: 'jpeg' }
              : { bytes: pixel, width: 10, height: 10, format: 'png' },
          onWarning: (w) => warnings.push(w),
        },
      );
      return { result, warnings };
    };
    const branded = await draw(font!.name);
    expect(branded.warnings.filter((w) => w.includes('not in the catalogue'))).toEqual([]);
    const fallback = await draw('No Such Family');
    expect(fallback.warnings.some((w) => w.includes('not in the catalogue'))).toBe(true);
    expect(branded.result.bytes.equals(fallback.result.bytes)).toBe(false);
    const { data } = await sharp(branded.result.bytes)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rgb = (x: number, y: number) => [...data.subarray((y * 600 + x) * 3, (y * 600 + x) * 3 + 3)];
    // The COLOR_PRIMARY band takes the kit's first colour, the LOGO_MAIN layer its first logo.
    expect(rgb(300, 250)).toEqual([0x00, 0xff, 0x00]);
    const [r, g, b] = rgb(510, 80);
    expect(Math.abs(r! - 20) + Math.abs(g! - 90) + Math.abs(b! - 200)).toBeLessThan(20);
  });
});
