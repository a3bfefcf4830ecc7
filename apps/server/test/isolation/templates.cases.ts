import { expect } from 'vitest';
import { gql } from '../harness.js';
import { builderSvg } from '../fixtures/templates.js';
import { addClientCases, type World } from './cases.js';
import { postUpload, type Destination } from './uploads.cases.js';

const NO_ID = '00000000-0000-4000-8000-000000000000';
const asA = (w: World, query: string, variables: Record<string, unknown> = {}) =>
  gql(w.t, { session: w.sessionAdminA, clientId: w.a.id, query, variables });
const asB = (w: World, query: string, variables: Record<string, unknown> = {}) =>
  gql(w.t, { session: w.sessionAdminB, clientId: w.b.id, query, variables });

/** A template of client B, with a second version, and B's own style tag. */
async function templateOfB(w: World) {
  const created = await asB(
    w,
    'mutation($svg: String!) { createProductCatalogTemplate(name: "B secret", templateString: $svg) { template { id templateVersionId } } }',
    { svg: builderSvg() },
  );
  const template = created.data?.createProductCatalogTemplate.template as {
    id: string;
    templateVersionId: string;
  };
  const tag = await asB(
    w,
    'mutation { createProductCatalogTemplateTag(group: "STYLE", key: "B house style") { tagId } }',
  );
  return { ...template, tagId: tag.data?.createProductCatalogTemplateTag.tagId as string };
}

async function unchangedForB(w: World, id: string) {
  const seen = await asB(
    w,
    'query($id: ID!) { productCatalogTemplate(id: $id) { name versionNumber archived } }',
    { id },
  );
  expect(seen.data?.productCatalogTemplate).toEqual({ name: 'B secret', versionNumber: 1, archived: false });
}

addClientCases({
  'Query.productCatalogTemplate': {
    document: `{ productCatalogTemplate(id: "${NO_ID}") { id } }`,
    crossResource: async (w) => {
      const b = await templateOfB(w);
      const res = await asA(w, 'query($id: ID!) { productCatalogTemplate(id: $id) { id name } }', {
        id: b.id,
      });
      expect(res.data?.productCatalogTemplate).toBeNull();
    },
  },
  'Query.productCatalogTemplates': {
    document: '{ productCatalogTemplates { id } }',
    crossResource: async (w) => {
      await templateOfB(w);
      const res = await asA(w, '{ productCatalogTemplates(search: "B secret") { id } }');
      expect(res.data?.productCatalogTemplates).toEqual([]);
    },
  },
  'Query.productCatalogTemplateVersions': {
    document: `{ productCatalogTemplateVersions(templateId: "${NO_ID}") { id } }`,
    crossResource: async (w) => {
      const b = await templateOfB(w);
      const res = await asA(w, 'query($id: ID!) { productCatalogTemplateVersions(templateId: $id) { id } }', {
        id: b.id,
      });
      expect(res.data).toBeNull();
      expect(res.errors?.[0]?.message).toBe(`Template ${b.id} not found`);
    },
  },
  'Query.templateLibrary': { document: '{ templateLibrary { id } }' },
  'Query.templateLibraryTagFilters': { document: '{ templateLibraryTagFilters { count } }' },
  'Mutation.createProductCatalogTemplate': {
    document:
      'mutation { createProductCatalogTemplate(name: "x", templateString: "<svg/>") { error { code } } }',
    crossResource: async (w) => {
      const b = await templateOfB(w);
      // B's own style tag cannot be put on A's template.
      const res = await asA(
        w,
        'mutation($svg: String!, $tags: [ID!]) { createProductCatalogTemplate(name: "A", templateString: $svg, tags: $tags) { template { id } error { code message } } }',
        { svg: builderSvg(), tags: [b.tagId] },
      );
      expect(res.data?.createProductCatalogTemplate).toEqual({
        template: null,
        error: { code: 'INVALID_INPUT', message: `Tag ${b.tagId} was not found.` },
      });
      // B's thumbnail upload cannot become A's thumbnail, and stays B's to use.
      const destination = (
        await asB(
          w,
          'mutation { createUploadDestination(key: "b.jpg", uploadType: TEMPLATE_THUMBNAIL) { uploadDestination { url formFields { key value } } } }',
        )
      ).data?.createUploadDestination.uploadDestination as Destination;
      const jpeg = Buffer.from(
        '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
        'base64',
      );
      expect((await postUpload(w.t, destination, { body: jpeg, contentType: 'image/jpeg' })).statusCode).toBe(
        201,
      );
      const bKey = destination.formFields.find((f) => f.key === 'key')!.value;
      const stolen = await asA(
        w,
        'mutation($svg: String!, $thumb: String) { createProductCatalogTemplate(name: "A", templateString: $svg, thumbnailUrl: $thumb) { template { id } error { code } } }',
        { svg: builderSvg(), thumb: `/files/${bKey}` },
      );
      expect(stolen.data?.createProductCatalogTemplate).toEqual({
        template: null,
        error: { code: 'INVALID_INPUT' },
      });
      expect(await w.t.deps.files.exists(bKey)).toBe(true);
    },
  },
  'Mutation.updateProductCatalogTemplate': {
    document: `mutation { updateProductCatalogTemplate(id: "${NO_ID}", name: "x", templateString: "<svg/>") { error { code } } }`,
    crossResource: async (w) => {
      const b = await templateOfB(w);
      const res = await asA(
        w,
        'mutation($id: ID!, $svg: String!) { updateProductCatalogTemplate(id: $id, name: "Hijacked", templateString: $svg) { template { id } error { code } } }',
        { id: b.id, svg: builderSvg({ slots: 2 }) },
      );
      expect(res.data?.updateProductCatalogTemplate).toEqual({
        template: null,
        error: { code: 'NOT_FOUND' },
      });
      await unchangedForB(w, b.id);
    },
  },
  'Mutation.createProductCatalogTemplateTag': {
    document: 'mutation { createProductCatalogTemplateTag(group: "STYLE", key: "x") { error { code } } }',
    crossResource: async (w) => {
      const b = await templateOfB(w);
      // The same key in A is A's own tag, not B's.
      const res = await asA(
        w,
        'mutation { createProductCatalogTemplateTag(group: "STYLE", key: "B house style") { tagId } }',
      );
      expect(res.data?.createProductCatalogTemplateTag.tagId).not.toBe(b.tagId);
    },
  },
  'Query.templateTagChoices': {
    document: 'query { templateTagChoices { id } }',
    crossResource: async (w) => {
      const b = await templateOfB(w);
      const res = await asA(w, 'query { templateTagChoices { id key } }');
      const choices = res.data?.templateTagChoices as { id: string; key: string }[];
      // A never sees B's own style tag; B does.
      expect(choices.map((tag) => tag.id)).not.toContain(b.tagId);
      const own = await asB(w, 'query { templateTagChoices { id } }');
      expect((own.data?.templateTagChoices as { id: string }[]).map((tag) => tag.id)).toContain(b.tagId);
    },
  },
  'Mutation.restoreProductCatalogTemplateVersion': {
    document: `mutation { restoreProductCatalogTemplateVersion(templateId: "${NO_ID}", versionId: "${NO_ID}") { error { code } } }`,
    crossResource: async (w) => {
      const b = await templateOfB(w);
      const res = await asA(
        w,
        'mutation($t: ID!, $v: ID!) { restoreProductCatalogTemplateVersion(templateId: $t, versionId: $v) { template { id } error { code } } }',
        { t: b.id, v: b.templateVersionId },
      );
      expect(res.data?.restoreProductCatalogTemplateVersion).toEqual({
        template: null,
        error: { code: 'NOT_FOUND' },
      });
      // Nor can A restore B's version into A's own template.
      const mine = await asA(
        w,
        'mutation($svg: String!) { createProductCatalogTemplate(name: "A own", templateString: $svg) { template { id } } }',
        { svg: builderSvg() },
      );
      const own = mine.data?.createProductCatalogTemplate.template.id;
      const cross = await asA(
        w,
        'mutation($t: ID!, $v: ID!) { restoreProductCatalogTemplateVersion(templateId: $t, versionId: $v) { template { id } error { code } } }',
        { t: own, v: b.templateVersionId },
      );
      expect(cross.data?.restoreProductCatalogTemplateVersion.error.code).toBe('NOT_FOUND');
      await unchangedForB(w, b.id);
    },
  },
  'Mutation.duplicateProductCatalogTemplate': {
    document: `mutation { duplicateProductCatalogTemplate(id: "${NO_ID}") { error { code } } }`,
    crossResource: async (w) => {
      const b = await templateOfB(w);
      const res = await asA(
        w,
        'mutation($id: ID!) { duplicateProductCatalogTemplate(id: $id) { template { id } error { code } } }',
        {
          id: b.id,
        },
      );
      expect(res.data?.duplicateProductCatalogTemplate).toEqual({
        template: null,
        error: { code: 'NOT_FOUND' },
      });
    },
  },
  'Mutation.archiveProductCatalogTemplate': {
    document: `mutation { archiveProductCatalogTemplate(id: "${NO_ID}", archived: true) { error { code } } }`,
    crossResource: async (w) => {
      const b = await templateOfB(w);
      const res = await asA(
        w,
        'mutation($id: ID!) { archiveProductCatalogTemplate(id: $id, archived: true) { error { code } } }',
        {
          id: b.id,
        },
      );
      expect(res.data?.archiveProductCatalogTemplate.error.code).toBe('NOT_FOUND');
      await unchangedForB(w, b.id);
    },
  },
  'Mutation.deleteProductCatalogTemplate': {
    document: `mutation { deleteProductCatalogTemplate(id: "${NO_ID}") { error { code } } }`,
    crossResource: async (w) => {
      const b = await templateOfB(w);
      const res = await asA(
        w,
        'mutation($id: ID!) { deleteProductCatalogTemplate(id: $id) { deletedId error { code } } }',
        {
          id: b.id,
        },
      );
      expect(res.data?.deleteProductCatalogTemplate).toEqual({
        deletedId: null,
        error: { code: 'NOT_FOUND' },
      });
      await unchangedForB(w, b.id);
    },
  },
  'Mutation.useLibraryTemplate': {
    document: `mutation { useLibraryTemplate(libraryTemplateId: "${NO_ID}") { error { code } } }`,
    crossResource: async (w) => {
      // A client's template is not a library template.
      const b = await templateOfB(w);
      const res = await asA(
        w,
        'mutation($id: ID!) { useLibraryTemplate(libraryTemplateId: $id) { template { id } error { code } } }',
        {
          id: b.id,
        },
      );
      expect(res.data?.useLibraryTemplate).toEqual({ template: null, error: { code: 'NOT_FOUND' } });
    },
  },
});
