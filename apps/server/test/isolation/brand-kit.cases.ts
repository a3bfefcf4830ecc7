import { expect } from 'vitest';
import { gql } from '../harness.js';
import { boxesOtf, pngLogo } from '../fixtures/brand-kit.js';
import { storedKeyOf } from '../../src/modules/uploads/upload-types.js';
import { addClientCases, type World } from './cases.js';
import { postUpload, type Destination } from './uploads.cases.js';

const NO_ID = '00000000-0000-4000-8000-000000000000';
const asA = (w: World, query: string, variables: Record<string, unknown> = {}) =>
  gql(w.t, { session: w.sessionAdminA, clientId: w.a.id, query, variables });
const asB = (w: World, query: string, variables: Record<string, unknown> = {}) =>
  gql(w.t, { session: w.sessionAdminB, clientId: w.b.id, query, variables });

async function uploadAsB(w: World, uploadType: string, fileName: string, contentType: string, body: Buffer) {
  const res = await asB(
    w,
    `mutation($key: String!, $c: String) { createUploadDestination(key: $key, uploadType: ${uploadType}, contentType: $c) { uploadDestination { url formFields { key value } } } }`,
    { key: fileName, c: contentType },
  );
  const destination: Destination = res.data?.createUploadDestination.uploadDestination;
  const answer = await postUpload(w.t, destination, { body, contentType });
  expect(answer.statusCode).toBe(201);
  return /<Key>([^<]+)<\/Key>/.exec(answer.body)![1]!;
}

interface KitOfB {
  colorId: string;
  guideId: string;
  logoId: string;
  /** Where B's logo is stored (its upload's checked copy). */
  logoKey: string;
  fontId: string;
  /** An upload of B's that is in no item yet. */
  spareFontKey: string;
}

const kits = new WeakMap<World, Promise<KitOfB>>();

/** Client B's brand kit (made once per world): a colour, a guide, a font, a logo and a spare upload. */
function kitOfB(w: World): Promise<KitOfB> {
  let kit = kits.get(w);
  if (!kit) {
    kit = (async () => {
      const create = async (variables: Record<string, unknown>) => {
        const res = await asB(
          w,
          'mutation($name: String!, $type: BrandKitItemType!, $t: String, $k: String, $l: Boolean) { createBrandKitItem(name: $name, type: $type, textContent: $t, fileKey: $k, legalAgreement: $l) { brandKitItem { id } error { message } } }',
          variables,
        );
        expect(res.data?.createBrandKitItem.error).toBeNull();
        return res.data?.createBrandKitItem.brandKitItem.id as string;
      };
      const logoUpload = await uploadAsB(w, 'BRAND_KIT_LOGO', 'b-logo.png', 'image/png', await pngLogo());
      const fontKey = await uploadAsB(w, 'BRAND_KIT_FONT', 'b-font.otf', 'font/otf', boxesOtf());
      return {
        colorId: await create({ name: 'B red', type: 'COLOR', t: '#ff0000' }),
        guideId: await create({ name: 'B secret guide', type: 'GUIDE', t: 'Only for B.' }),
        logoId: await create({ name: 'B logo', type: 'LOGO', k: logoUpload }),
        logoKey: storedKeyOf(logoUpload),
        fontId: await create({ name: 'B Secret Sans', type: 'FONT', k: fontKey, l: true }),
        spareFontKey: await uploadAsB(w, 'BRAND_KIT_FONT', 'b-spare.otf', 'font/otf', boxesOtf()),
      };
    })();
    kits.set(w, kit);
  }
  return kit;
}

const B_KIT = `{ brandKit {
  colors { id name textContent }
  guides { id name content }
  logos { id name }
  fonts { id name }
  items { id name }
} }`;

async function unchangedForB(w: World) {
  const b = await kitOfB(w);
  const res = await asB(w, B_KIT);
  const kit = res.data?.brandKit;
  // Other cases' documents add items of their own to B's kit; B's first ones must be as made.
  expect(kit.colors).toContainEqual({ id: b.colorId, name: 'B red', textContent: '#ff0000' });
  expect(kit.guides).toContainEqual({ id: b.guideId, name: 'B secret guide', content: 'Only for B.' });
  expect(kit.logos).toContainEqual({ id: b.logoId, name: 'B logo' });
  expect(kit.fonts).toContainEqual({ id: b.fontId, name: 'B Secret Sans' });
  const logo = await w.t.deps.files.get(b.logoKey);
  expect(logo).not.toBeNull();
  logo!.stream.destroy();
}

const payloadError = (res: Awaited<ReturnType<typeof asA>>, field: string) =>
  (res.data?.[field] as { error: { code: string } | null }).error?.code;

addClientCases({
  'Query.brandKit': {
    document: '{ brandKit { colors { id } } }',
    crossResource: async (w) => {
      const b = await kitOfB(w);
      const res = await asA(
        w,
        B_KIT.replace('items { id name }', 'items { id name } audios { id } disclaimers { id }'),
      );
      const text = JSON.stringify(res.data);
      for (const secret of [
        b.colorId,
        b.guideId,
        b.logoId,
        b.fontId,
        'B red',
        'B secret',
        'B logo',
        'B Secret',
      ])
        expect(text).not.toContain(secret);
    },
  },
  'Query.fontFamilies': {
    document: '{ fontFamilies { family } }',
    crossResource: async (w) => {
      await kitOfB(w);
      const res = await asA(w, '{ fontFamilies { family source } }');
      const families = res.data?.fontFamilies as { family: string; source: string }[];
      expect(families.filter((f) => f.source === 'BRAND_KIT')).toEqual([]);
      expect(families.map((f) => f.family)).not.toContain('B Secret Sans');
    },
  },
  'Mutation.createBrandKitItem': {
    document:
      'mutation { createBrandKitItem(name: "x", type: COLOR, textContent: "#000000") { error { code } } }',
    // B's uploads cannot become A's items, whether B uses them or not; they stay stored.
    crossResource: async (w) => {
      const b = await kitOfB(w);
      for (const [type, key] of [
        ['FONT', b.spareFontKey],
        ['LOGO', b.logoKey],
      ] as const) {
        const res = await asA(
          w,
          `mutation($k: String!) { createBrandKitItem(name: "stolen", type: ${type}, fileKey: $k, legalAgreement: true) { brandKitItem { id } error { code message } } }`,
          { k: key },
        );
        expect(res.data?.createBrandKitItem.brandKitItem).toBeNull();
        expect(res.data?.createBrandKitItem.error.code).toBe('INVALID_INPUT');
        const file = await w.t.deps.files.get(key);
        expect(file, key).not.toBeNull();
        file!.stream.destroy();
      }
      const own = await asA(w, '{ brandKit { items { name } } }');
      expect(own.data?.brandKit.items.map((i: { name: string }) => i.name)).not.toContain('stolen');
      await unchangedForB(w);
    },
  },
  'Mutation.renameBrandKitItem': {
    document: `mutation { renameBrandKitItem(id: "${NO_ID}", name: "x") { error { code } } }`,
    crossResource: async (w) => {
      const b = await kitOfB(w);
      for (const id of [b.guideId, b.logoId, b.fontId]) {
        const res = await asA(
          w,
          'mutation($id: ID!) { renameBrandKitItem(id: $id, name: "Hijacked") { brandKitItem { id } error { code } } }',
          { id },
        );
        expect(payloadError(res, 'renameBrandKitItem')).toBe('NOT_FOUND');
      }
      await unchangedForB(w);
    },
  },
  'Mutation.updateBrandKitColor': {
    document: `mutation { updateBrandKitColor(id: "${NO_ID}", textContent: "#000000") { error { code } } }`,
    crossResource: async (w) => {
      const b = await kitOfB(w);
      const res = await asA(
        w,
        'mutation($id: ID!) { updateBrandKitColor(id: $id, textContent: "#000000") { brandKitItem { id } error { code } } }',
        { id: b.colorId },
      );
      expect(payloadError(res, 'updateBrandKitColor')).toBe('NOT_FOUND');
      await unchangedForB(w);
    },
  },
  'Mutation.deleteBrandKitItem': {
    document: `mutation { deleteBrandKitItem(id: "${NO_ID}") { error { code } } }`,
    crossResource: async (w) => {
      const b = await kitOfB(w);
      for (const id of [b.colorId, b.guideId, b.logoId, b.fontId]) {
        const res = await asA(
          w,
          'mutation($id: ID!) { deleteBrandKitItem(id: $id) { deletedId error { code } } }',
          {
            id,
          },
        );
        expect(res.data?.deleteBrandKitItem).toEqual({ deletedId: null, error: { code: 'NOT_FOUND' } });
      }
      await unchangedForB(w);
    },
  },
});
