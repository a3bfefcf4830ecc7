import { afterAll, beforeAll, expect, it } from 'vitest';
import { readTemplate, serializeXml } from '@adloom/renderer';
import sharp from 'sharp';
import { upsertLibraryTemplate } from '../src/modules/templates/templates.service.js';
import { storedKeyOf } from '../src/modules/uploads/upload-types.js';
import { svgLogo } from './fixtures/brand-kit.js';
import { builderSvg } from './fixtures/templates.js';
import {
  createTestApp,
  describeEachDatabase,
  gql,
  makeClient,
  makeUser,
  PASSWORD,
  signIn,
  type TestApp,
} from './harness.js';
import { postUpload, type Destination } from './isolation/uploads.cases.js';

const FIELDS =
  'id name templateVersionId versionNumber width height thumbnailUrl slots { id name type features { key value } } tags { key group label }';
const CREATE = `mutation($name: String!, $svg: String!, $thumb: String, $tags: [ID!], $slots: [SlotInput!]) {
  createProductCatalogTemplate(name: $name, templateString: $svg, thumbnailUrl: $thumb, tags: $tags, slots: $slots) {
    template { ${FIELDS} } error { code message } } }`;
const UPDATE = `mutation($id: ID!, $name: String!, $svg: String!, $thumb: String) {
  updateProductCatalogTemplate(id: $id, name: $name, templateString: $svg, thumbnailUrl: $thumb, regenerateFeeds: false) {
    template { ${FIELDS} } error { code message } } }`;

describeEachDatabase('templates on %s', (kind) => {
  let t: TestApp;
  let clientId: string;
  let session: Awaited<ReturnType<typeof signIn>>;
  let otherClientId: string;
  let otherSession: Awaited<ReturnType<typeof signIn>>;
  const call = (query: string, variables: Record<string, unknown> = {}) =>
    gql(t, { session, clientId, query, variables });
  const create = async (name: string, svg = builderSvg(), extra: Record<string, unknown> = {}) =>
    (await call(CREATE, { name, svg, ...extra })).data?.createProductCatalogTemplate;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const client = await makeClient(t, 'Template Co');
    clientId = client.id;
    const user = await makeUser(t, { clientId });
    session = await signIn(t, user.email, PASSWORD);
    otherClientId = (await makeClient(t, 'Other Co')).id;
    const other = await makeUser(t, { clientId: otherClientId });
    otherSession = await signIn(t, other.email, PASSWORD);
  });
  afterAll(() => t.close());

  it('creates a template: version 1, the slots read from the ids, automatic tags', async () => {
    const result = await create('Summer sale', builderSvg({ slots: 2 }));
    expect(result.error).toBeNull();
    const template = result.template;
    expect(template).toMatchObject({ name: 'Summer sale', versionNumber: 1, width: 1080, height: 1080 });
    expect(template.templateVersionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(template.slots.map((slot: { id: string }) => slot.id)).toEqual(['MAIN_001', 'MAIN_002']);
    expect(template.slots[0].features).toContainEqual({ key: 'isContain', value: 'false' });
    const keys = template.tags.map((tag: { key: string }) => tag.key);
    expect(keys).toEqual(
      expect.arrayContaining(['size_1080x1080', 'dynamic_images_2', 'main_logo', 'text', 'text_price']),
    );
    expect(template.tags.find((tag: { key: string }) => tag.key === 'size_1080x1080')).toMatchObject({
      group: 'ASPECT_RATIO',
      label: '1080x1080',
    });
  });

  it('every save is a new immutable version; history lists them and restores one as the newest', async () => {
    const first = (await create('Versioned')).template;
    const second = (await call(UPDATE, { id: first.id, name: 'Versioned v2', svg: builderSvg({ slots: 3 }) }))
      .data?.updateProductCatalogTemplate.template;
    expect(second).toMatchObject({ id: first.id, versionNumber: 2, name: 'Versioned v2' });
    expect(second.templateVersionId).not.toBe(first.templateVersionId);
    expect(second.slots).toHaveLength(3);

    const versions = (
      await call(
        'query($id: ID!) { productCatalogTemplateVersions(templateId: $id) { id number name slotCount thumbnailUrl } }',
        {
          id: first.id,
        },
      )
    ).data?.productCatalogTemplateVersions;
    expect(versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    expect(versions[1]).toMatchObject({ id: first.templateVersionId, name: 'Versioned', slotCount: 1 });

    const restored = (
      await call(
        'mutation($t: ID!, $v: ID!) { restoreProductCatalogTemplateVersion(templateId: $t, versionId: $v) { template { name versionNumber slots { id } templateString } error { code } } }',
        { t: first.id, v: first.templateVersionId },
      )
    ).data?.restoreProductCatalogTemplateVersion;
    expect(restored.error).toBeNull();
    expect(restored.template).toMatchObject({
      name: 'Versioned',
      versionNumber: 3,
      slots: [{ id: 'MAIN_001' }],
    });
    // What is stored is the checked tree's serialisation (here: the xlink namespace declared).
    expect(restored.template.templateString).toBe(serializeXml(readTemplate(builderSvg()).root));

    const fetched = (
      await call(
        'query($id: ID!) { productCatalogTemplate(id: $id) { name versionNumber madeWithBuilder zoom backgroundColor } }',
        {
          id: first.id,
        },
      )
    ).data?.productCatalogTemplate;
    expect(fetched).toEqual({
      name: 'Versioned',
      versionNumber: 3,
      madeWithBuilder: true,
      zoom: 1,
      backgroundColor: '#ffffff',
    });
  });

  it('refuses what the builder refuses, with the reason (spec section 5)', async () => {
    const noSlot = await create('No slot', builderSvg({ slots: 0 }));
    expect(noSlot).toEqual({
      template: null,
      error: {
        code: 'INVALID_TEMPLATE',
        message: 'Add at least one dynamic image, slideshow or video layer before saving.',
      },
    });
    const tooBig = await create('Too big', builderSvg({ width: 3001 }));
    expect(tooBig.error.message).toBe('Width and height must each be between 50 and 3000.');
    const longName = await create('x'.repeat(101));
    expect(longName.error.message).toBe('The template name can have at most 100 characters.');
    const blank = await create('   ');
    expect(blank.error).toEqual({ code: 'INVALID_INPUT', message: 'Give the template a name.' });
    const unreadable = await create('Broken', '<svg><rect></svg>');
    expect(unreadable.error.code).toBe('INVALID_TEMPLATE');
    expect(unreadable.error.message).toMatch(/^could not parse the template! /);
    const empty = await create('Empty', '');
    expect(empty.error.message).toBe('The template has no SVG: there is nothing to save.');
    const mismatch = await create('Mismatch', builderSvg(), { slots: [{ id: 'MAIN_009' }] });
    expect(mismatch.error.message).toMatch(/do not match the template's image layers \(MAIN_001\)/);
    const thumb = await create('Thumb', builderSvg(), { thumb: 'javascript:alert(1)' });
    expect(thumb.error.code).toBe('INVALID_INPUT');
  });

  it('stores the sanitised serialisation, never the text as sent', async () => {
    const sent =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- <script>alert(1)</script> -->\n' +
      builderSvg({ extra: '<!-- <foreignObject/> --><text><![CDATA[a < b]]></text>' });
    const result = await create('Serialised', sent);
    expect(result.error).toBeNull();
    const stored = (
      await call('query($id: ID!) { productCatalogTemplate(id: $id) { templateString } }', {
        id: result.template.id,
      })
    ).data?.productCatalogTemplate.templateString as string;
    expect(stored).toBe(serializeXml(readTemplate(sent).root));
    expect(stored).not.toMatch(/<\?xml|<!--|script|foreignObject|CDATA/);
    expect(stored).toContain('<text>a &lt; b</text>');
  });

  it('refuses SVG whose dangerous names differ only in case, and processing instructions', async () => {
    const hostile = {
      '<SCRIPT> element': builderSvg({ extra: '<SCRIPT>alert(1)</SCRIPT>' }),
      '<svg:script> element': builderSvg({
        extra: '<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>',
      }),
      '<ForeignObject> element': builderSvg({ extra: '<ForeignObject/>' }),
      'onLoad attribute on <rect>': builderSvg({ extra: '<rect width="1" height="1" onLoad="alert(1)"/>' }),
      'xlink:href="javascript:alert(1)" on <a>': builderSvg({
        extra: '<a xlink:href="javascript:alert(1)"><rect width="1" height="1"/></a>',
      }),
      'HREF="JAVASCRIPT:alert(1)" on <a>': builderSvg({
        extra: '<a HREF="JAVASCRIPT:alert(1)"><rect width="1" height="1"/></a>',
      }),
      '<?xml-stylesheet?> processing instruction': `<?xml-stylesheet href="javascript:alert(1)"?>${builderSvg()}`,
    };
    for (const [what, svg] of Object.entries(hostile)) {
      const result = await create('Hostile case', svg);
      expect(result.template, svg).toBeNull();
      expect(result.error).toEqual({
        code: 'UNSAFE_TEMPLATE',
        message: `The template contains content that is not allowed in a template: ${what}.`,
      });
    }
  });

  /** Uploads `body` to a fresh destination of this client; resolves with the upload's key. */
  async function upload(
    fileName: string,
    uploadType: string,
    contentType: string,
    body: Buffer,
    as = clientId,
  ) {
    const res = await gql(t, {
      session: as === clientId ? session : otherSession,
      clientId: as,
      query: `mutation($key: String!, $c: String) { createUploadDestination(key: $key, uploadType: ${uploadType}, contentType: $c) { uploadDestination { url formFields { key value } } } }`,
      variables: { key: fileName, c: contentType },
    });
    const destination = res.data?.createUploadDestination.uploadDestination as Destination;
    const answer = await postUpload(t, destination, { body, contentType });
    expect(answer.statusCode, answer.body).toBe(201);
    return destination.formFields.find((f) => f.key === 'key')!.value;
  }
  const jpeg = () =>
    sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .jpeg()
      .toBuffer();

  it('thumbnailUrl: an upload of this client, taken into use once and kept as a checked copy', async () => {
    const bytes = await jpeg();
    const key = await upload('thumb.jpg', 'TEMPLATE_THUMBNAIL', 'image/jpeg', bytes);
    const created = await create('With thumbnail', builderSvg(), { thumb: `/files/${key}` });
    expect(created.error).toBeNull();
    const stored = `/files/${storedKeyOf(key)}`;
    expect(created.template.thumbnailUrl).toBe(stored);
    const served = await t.app.inject({ method: 'GET', url: stored });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);

    // Saved again with the thumbnail it has: kept. The upload itself cannot be used a second time.
    const id = created.template.id;
    const again = (await call(UPDATE, { id, name: 'With thumbnail', svg: builderSvg(), thumb: stored })).data
      ?.updateProductCatalogTemplate;
    expect(again.error).toBeNull();
    expect(again.template.thumbnailUrl).toBe(stored);
    const reused = (
      await call(UPDATE, { id, name: 'With thumbnail', svg: builderSvg(), thumb: `/files/${key}` })
    ).data?.updateProductCatalogTemplate;
    expect(reused.template).toBeNull();
    expect(reused.error.code).toBe('NOT_FOUND');

    // The address the file store gives (PUBLIC_URL/files/...) works too, and an SVG import's image upload.
    const absolute = await upload('other.jpg', 'TEMPLATE_THUMBNAIL', 'image/jpeg', await jpeg());
    const viaUrl = await create('Absolute', builderSvg(), { thumb: `http://adloom.test/files/${absolute}` });
    expect(viaUrl.template.thumbnailUrl).toBe(`/files/${storedKeyOf(absolute)}`);
    const svg = await upload('imported.svg', 'TEMPLATE_IMAGE', 'image/svg+xml', svgLogo());
    expect((await create('Imported', builderSvg(), { thumb: `/files/${svg}` })).template.thumbnailUrl).toBe(
      `/files/${storedKeyOf(svg)}`,
    );
  });

  it("thumbnailUrl: refuses other clients' uploads, foreign addresses and bytes that are not the declared type", async () => {
    const theirs = await upload(
      'theirs.jpg',
      'TEMPLATE_THUMBNAIL',
      'image/jpeg',
      await jpeg(),
      otherClientId,
    );
    const message =
      'The thumbnail must be an image uploaded to this workspace: upload it (createUploadDestination with ' +
      'uploadType TEMPLATE_THUMBNAIL) and pass the address it was stored at (/files/{key}).';
    for (const thumb of [
      `/files/${theirs}`,
      `/files/${storedKeyOf(theirs)}`,
      'https://evil.example/thumb.jpg',
      'http://adloom.test/files/library/test-square/0123456789abcdef.jpg',
      '/files/library/test-square/0123456789abcdef.jpg',
      `/files/clients/${clientId}/brand-kit-logos/0b8f7c4e-3a1d-4c55-9f00-111122223333/logo.png`,
      'javascript:alert(1)',
    ]) {
      const refused = await create('Foreign thumbnail', builderSvg(), { thumb });
      expect(refused, thumb).toEqual({ template: null, error: { code: 'INVALID_INPUT', message } });
    }
    // The other client's upload was not used up: it is still theirs to use.
    expect(await t.deps.files.exists(theirs)).toBe(true);

    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const lying = await upload('lying.jpg', 'TEMPLATE_THUMBNAIL', 'image/jpeg', png);
    expect((await create('Lying thumbnail', builderSvg(), { thumb: `/files/${lying}` })).error).toEqual({
      code: 'INVALID_FILE',
      message: "'lying.jpg' was declared as image/jpeg, but it is a PNG image.",
    });
  });

  it('refuses malicious SVG on save and stores nothing', async () => {
    const before = (await call('{ productCatalogTemplates { id } }')).data?.productCatalogTemplates.length;
    const hostile = [
      builderSvg({ extra: '<script>alert(1)</script>' }),
      builderSvg({ extra: '<rect width="1" height="1" onclick="alert(1)"/>' }),
      builderSvg({
        extra: '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>',
      }),
      builderSvg({ extra: '<image href="https://evil.example/track.png" width="1" height="1"/>' }),
      builderSvg({ extra: '<rect width="1" height="1" style="fill: url(https://evil.example/x)"/>' }),
      builderSvg({ extra: '<use href="https://evil.example/sprite.svg#a"/>' }),
    ];
    for (const svg of hostile) {
      const result = await create('Hostile', svg);
      expect(result.template, svg).toBeNull();
      expect(result.error.code, svg).toBe('UNSAFE_TEMPLATE');
      expect(result.error.message).toMatch(
        /^The template contains content that is not allowed in a template: /,
      );
    }
    const entities =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg">&b;</svg>';
    expect((await create('Laughs', entities)).error.code).toBe('INVALID_TEMPLATE');
    const deep = `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(500)}${'</g>'.repeat(500)}</svg>`;
    expect((await create('Deep', deep)).error.code).toBe('INVALID_TEMPLATE');
    const after = (await call('{ productCatalogTemplates { id } }')).data?.productCatalogTemplates.length;
    expect(after).toBe(before);
  });

  it('lists, searches, sorts, duplicates, archives and deletes', async () => {
    const list = async (args = '') =>
      (await call(`{ productCatalogTemplates${args} { id name archived } }`)).data
        ?.productCatalogTemplates as {
        id: string;
        name: string;
        archived: boolean;
      }[];
    const zebra = (await create('Zebra poster')).template;
    const apple = (await create('apple poster')).template;
    expect((await list('(search: "POSTER", sort: NAME)')).map((x) => x.name)).toEqual([
      'apple poster',
      'Zebra poster',
    ]);
    expect((await list('(search: "poster")'))[0]!.name).toBe('apple poster'); // newest first by default
    expect(await list('(search: "100%_")')).toEqual([]);

    const copy = (
      await call(
        'mutation($id: ID!) { duplicateProductCatalogTemplate(id: $id) { template { id name versionNumber } } }',
        {
          id: zebra.id,
        },
      )
    ).data?.duplicateProductCatalogTemplate.template;
    expect(copy).toMatchObject({ name: 'Copy of Zebra poster', versionNumber: 1 });
    expect(copy.id).not.toBe(zebra.id);

    const archived = await call(
      'mutation($id: ID!) { archiveProductCatalogTemplate(id: $id, archived: true) { template { archived } } }',
      { id: apple.id },
    );
    expect(archived.data?.archiveProductCatalogTemplate.template.archived).toBe(true);
    expect((await list('(search: "poster")')).map((x) => x.name)).not.toContain('apple poster');
    expect((await list('(search: "poster", archived: true)')).map((x) => x.name)).toEqual(['apple poster']);

    const deleted = await call(
      'mutation($id: ID!) { deleteProductCatalogTemplate(id: $id) { deletedId error { code } } }',
      {
        id: copy.id,
      },
    );
    expect(deleted.data?.deleteProductCatalogTemplate).toEqual({ deletedId: copy.id, error: null });
    const gone = await call('query($id: ID!) { productCatalogTemplate(id: $id) { id } }', { id: copy.id });
    expect(gone.data?.productCatalogTemplate).toBeNull();
    const again = await call(
      'mutation($id: ID!) { deleteProductCatalogTemplate(id: $id) { deletedId error { code message } } }',
      {
        id: copy.id,
      },
    );
    expect(again.data?.deleteProductCatalogTemplate.error).toEqual({
      code: 'NOT_FOUND',
      message: `Template ${copy.id} not found`,
    });
  });

  it('creates style tags once and uses them on templates', async () => {
    const tag = async (group: string, key: string) =>
      (
        await call(
          'mutation($g: String!, $k: String!) { createProductCatalogTemplateTag(group: $g, key: $k) { tagId tag { key group isOwn } error { code message } } }',
          {
            g: group,
            k: key,
          },
        )
      ).data?.createProductCatalogTemplateTag;
    const bold = await tag('STYLE', '  Bold   colours ');
    expect(bold).toMatchObject({ tag: { key: 'Bold colours', group: 'STYLE', isOwn: true }, error: null });
    expect((await tag('STYLE', 'bold COLOURS')).tagId).toBe(bold.tagId);
    expect((await tag('ASPECT_RATIO', 'square')).error.code).toBe('INVALID_INPUT');
    expect((await tag('STYLE', '')).error.message).toBe('Give the tag a name.');

    const tagged = await create('Tagged', builderSvg(), { tags: [bold.tagId] });
    expect(tagged.template.tags.map((x: { key: string }) => x.key)).toContain('Bold colours');
    const unknown = await create('Unknown tag', builderSvg(), {
      tags: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.error.message).toBe('Tag 00000000-0000-4000-8000-000000000000 was not found.');
    // Saving again without tags keeps the chosen ones; automatic ones follow the new version.
    const updated = (
      await call(UPDATE, {
        id: tagged.template.id,
        name: 'Tagged',
        svg: builderSvg({ slots: 2, width: 1000, height: 1500 }),
      })
    ).data?.updateProductCatalogTemplate.template;
    const keys = updated.tags.map((x: { key: string }) => x.key);
    expect(keys).toEqual(expect.arrayContaining(['Bold colours', 'size_1000x1500', 'dynamic_images_2']));
    expect(keys).not.toContain('size_1080x1080');
  });

  it('the library: tag filters with counts, filtering, and using a starter template', async () => {
    await upsertLibraryTemplate(t.deps.db, {
      key: 'test-square',
      name: 'Test square',
      templateString: builderSvg(),
      thumbnailUrl: '/files/library/test-square.jpg',
      styleTags: ['Minimal'],
      industryTag: 'Fashion',
    });
    await upsertLibraryTemplate(t.deps.db, {
      key: 'test-portrait',
      name: 'Test portrait',
      templateString: builderSvg({ width: 1000, height: 1500, slots: 2 }),
      thumbnailUrl: null,
      styleTags: ['Minimal', 'Bold'],
    });
    // Writing the same entry again changes nothing.
    expect(
      await upsertLibraryTemplate(t.deps.db, {
        key: 'test-portrait',
        name: 'Test portrait',
        templateString: builderSvg({ width: 1000, height: 1500, slots: 2 }),
        thumbnailUrl: null,
        styleTags: ['Minimal', 'Bold'],
      }),
    ).toBe(false);
    const filters = (await call('{ templateLibraryTagFilters { count tag { id key group } } }')).data
      ?.templateLibraryTagFilters as { count: number; tag: { id: string; key: string; group: string } }[];
    const count = (key: string) => filters.find((f) => f.tag.key === key)?.count;
    expect(count('Minimal')).toBe(2);
    expect(count('Bold')).toBe(1);
    expect(count('size_1000x1500')).toBe(1);
    expect(count('Fashion')).toBe(1);
    const boldId = filters.find((f) => f.tag.key === 'Bold')!.tag.id;
    const library = (
      await call('query($tags: [ID!]) { templateLibrary(tagIds: $tags) { id key name slotCount } }', {
        tags: [boldId],
      })
    ).data?.templateLibrary;
    expect(library).toEqual([expect.objectContaining({ key: 'test-portrait', slotCount: 2 })]);

    const used = (
      await call(
        'mutation($id: ID!) { useLibraryTemplate(libraryTemplateId: $id) { template { id name versionNumber tags { key } } error { code } } }',
        {
          id: library[0].id,
        },
      )
    ).data?.useLibraryTemplate;
    expect(used.template).toMatchObject({ name: 'Test portrait', versionNumber: 1 });
    expect(used.template.tags.map((x: { key: string }) => x.key)).toEqual(
      expect.arrayContaining(['Bold', 'Minimal']),
    );
    // The copy is the client's own: editable, listed; the library template is not.
    expect(
      (await call(UPDATE, { id: used.template.id, name: 'Mine', svg: builderSvg() })).data
        ?.updateProductCatalogTemplate.error,
    ).toBeNull();
    const libraryEdit = await call(UPDATE, { id: library[0].id, name: 'Hijack', svg: builderSvg() });
    expect(libraryEdit.data?.updateProductCatalogTemplate.error.code).toBe('NOT_FOUND');
    expect(
      (await call('{ productCatalogTemplates { id } }')).data?.productCatalogTemplates.map(
        (x: { id: string }) => x.id,
      ),
    ).not.toContain(library[0].id);
  });

  it('brand colours: list and create, with the spec default name and a clear error for a bad value', async () => {
    const add = async (name: string, textContent: string, type = 'COLOR') =>
      (
        await call(
          `mutation($n: String!, $c: String) { createBrandKitItem(name: $n, type: ${type}, legalAgreement: false, textContent: $c) { brandKitItem { id type name textContent state } error { code message } } }`,
          { n: name, c: textContent },
        )
      ).data?.createBrandKitItem;
    const created = await add('New Color', '#1E88E5');
    expect(created).toMatchObject({
      brandKitItem: { type: 'COLOR', name: 'New Color', textContent: '#1e88e5', state: 'READY' },
      error: null,
    });
    expect((await add('Short', '#abc')).brandKitItem.textContent).toBe('#aabbcc');
    expect((await add('Bad', 'blue')).error).toEqual({
      code: 'INVALID_COLOR',
      message: 'Colour (textContent): ‘blue’ is not a colour: use a hex value such as #1e88e5.',
    });
    // A font is a file: without an upload's key it is refused (the brand kit tests cover files).
    expect((await add('Font', '', 'FONT')).error.code).toBe('INVALID_INPUT');
    const kit = (await call('{ brandKit { colors { id name textContent } } }')).data?.brandKit.colors;
    expect(kit).toEqual([
      { id: created.brandKitItem.id, name: 'New Color', textContent: '#1e88e5' },
      expect.objectContaining({ name: 'Short', textContent: '#aabbcc' }),
    ]);
  });
});
