// Issue 14, item 18: a template save names the version it edits; a save from an older version than the
// newest is refused with CONFLICT and writes nothing, even when the saves race.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builderSvg } from './fixtures/templates.js';
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

const CREATE = `mutation($name: String!, $svg: String!) {
  createProductCatalogTemplate(name: $name, templateString: $svg) {
    template { id templateVersionId } error { code message } } }`;
const VERSION = 'id number createdAt savedBy';
const UPDATE = `mutation($id: ID!, $name: String!, $svg: String!, $base: ID, $tags: [ID!]) {
  updateProductCatalogTemplate(id: $id, name: $name, templateString: $svg, baseVersionId: $base, tags: $tags) {
    template { templateVersionId versionNumber } error { code message } currentVersion { ${VERSION} } } }`;
const RESTORE = `mutation($t: ID!, $v: ID!, $base: ID) {
  restoreProductCatalogTemplateVersion(templateId: $t, versionId: $v, baseVersionId: $base) {
    template { templateVersionId versionNumber } error { code message } currentVersion { ${VERSION} } } }`;
const STATE = `query($id: ID!) {
  productCatalogTemplate(id: $id) { name templateString templateVersionId versionNumber updatedAt tags { key } }
  productCatalogTemplateVersions(templateId: $id) { number } }`;

/** The conflict message, built from the newest version as the client receives it. */
const conflictMessage = (who: string, version: { number: number; createdAt: string }) =>
  `This template was changed by ${who} at ${version.createdAt.slice(0, 16).replace('T', ' ')} UTC ` +
  `(version ${version.number}) after the version you edited. Reload it, or save your changes as a copy.`;

describeEachDatabase('template save conflicts on %s', (kind) => {
  let t: TestApp;
  let clientId: string;
  let alice: Session;
  let umar: Session;
  let tagId: string;
  const as = (session: Session, query: string, variables: Record<string, unknown>) =>
    gql(t, { session, clientId, query, variables });
  const create = async (name: string) => {
    const res = await as(alice, CREATE, { name, svg: builderSvg() });
    return res.data?.createProductCatalogTemplate.template as { id: string; templateVersionId: string };
  };
  const state = async (id: string) => (await as(alice, STATE, { id })).data!;

  beforeAll(async () => {
    t = await createTestApp(kind);
    clientId = (await makeClient(t, 'Conflict Co')).id;
    const a = await makeUser(t, { clientId, firstName: 'Alice', lastName: 'Admin' });
    const u = await makeUser(t, { clientId, firstName: 'Umar', lastName: 'User' });
    alice = await signIn(t, a.email, PASSWORD);
    umar = await signIn(t, u.email, PASSWORD);
    const tag = await as(
      alice,
      'mutation { createProductCatalogTemplateTag(group: "STYLE", key: "Loud") { tagId } }',
      {},
    );
    tagId = tag.data?.createProductCatalogTemplateTag.tagId;
  });
  afterAll(() => t.close());

  it('two saves from the same version: the first wins, the second gets CONFLICT and writes nothing', async () => {
    const template = await create('Shared');
    const umarSave = await as(umar, UPDATE, {
      id: template.id,
      name: 'Shared by Umar',
      svg: builderSvg({ slots: 2 }),
      base: template.templateVersionId,
    });
    expect(umarSave.data?.updateProductCatalogTemplate.error).toBeNull();
    const umarVersion = umarSave.data?.updateProductCatalogTemplate.template;
    expect(umarVersion.versionNumber).toBe(2);
    const before = await state(template.id);

    const aliceSave = await as(alice, UPDATE, {
      id: template.id,
      name: 'Shared by Alice',
      svg: builderSvg({ slots: 3 }),
      base: template.templateVersionId,
      tags: [tagId],
    });
    const refused = aliceSave.data?.updateProductCatalogTemplate;
    expect(refused.template).toBeNull();
    expect(refused.currentVersion).toMatchObject({
      id: umarVersion.templateVersionId,
      number: 2,
      savedBy: 'Umar User',
    });
    expect(refused.error).toEqual({
      code: 'CONFLICT',
      message: conflictMessage('Umar User', refused.currentVersion),
    });
    // Nothing written: no version, no name, no tags, not even the update time.
    expect(await state(template.id)).toEqual(before);
    expect(before.productCatalogTemplateVersions).toEqual([{ number: 2 }, { number: 1 }]);
    expect(before.productCatalogTemplate.name).toBe('Shared by Umar');
    expect(before.productCatalogTemplate.tags.map((tag: { key: string }) => tag.key)).not.toContain('Loud');

    // Saving again from the newest version is accepted, and so is the next save from the version it made.
    const again = await as(alice, UPDATE, {
      id: template.id,
      name: 'Shared by Alice',
      svg: builderSvg({ slots: 3 }),
      base: umarVersion.templateVersionId,
    });
    const third = again.data?.updateProductCatalogTemplate.template;
    expect(third.versionNumber).toBe(3);
    const fourth = await as(alice, UPDATE, {
      id: template.id,
      name: 'Shared by Alice',
      svg: builderSvg({ slots: 1 }),
      base: third.templateVersionId,
    });
    expect(fourth.data?.updateProductCatalogTemplate.template.versionNumber).toBe(4);
  });

  it('saves racing from the same version (Promise.all): exactly one version is made', async () => {
    const template = await create('Raced');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        as(i % 2 === 0 ? alice : umar, UPDATE, {
          id: template.id,
          name: `Raced ${i}`,
          svg: builderSvg({ slots: 1 + (i % 3) }),
          base: template.templateVersionId,
        }),
      ),
    );
    const payloads = results.map((res) => res.data?.updateProductCatalogTemplate);
    const won = payloads.filter((p) => p.template !== null);
    const refused = payloads.filter((p) => p.error?.code === 'CONFLICT');
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(5);
    expect(won[0].template.versionNumber).toBe(2);
    for (const p of refused) expect(p.currentVersion.id).toBe(won[0].template.templateVersionId);
    const after = await state(template.id);
    expect(after.productCatalogTemplateVersions).toEqual([{ number: 2 }, { number: 1 }]);
    expect(after.productCatalogTemplate.templateVersionId).toBe(won[0].template.templateVersionId);
  });

  it('a save without baseVersionId (an older client) is accepted, as before', async () => {
    const template = await create('Unchecked');
    await as(umar, UPDATE, { id: template.id, name: 'Unchecked 2', svg: builderSvg(), base: null });
    const res = await as(alice, UPDATE, { id: template.id, name: 'Unchecked 3', svg: builderSvg() });
    expect(res.data?.updateProductCatalogTemplate.template.versionNumber).toBe(3);
  });

  it('a base that is not a version of this template is a conflict, and names only this template’s version', async () => {
    const template = await create('Own');
    const other = await create('Other');
    const res = await as(umar, UPDATE, {
      id: template.id,
      name: 'Own 2',
      svg: builderSvg(),
      base: other.templateVersionId,
    });
    const refused = res.data?.updateProductCatalogTemplate;
    expect(refused.error.code).toBe('CONFLICT');
    expect(refused.currentVersion).toMatchObject({ id: template.templateVersionId, savedBy: 'Alice Admin' });
    expect((await state(template.id)).productCatalogTemplateVersions).toEqual([{ number: 1 }]);
  });

  it('restore takes part: a stale restore is refused, and a restore makes older builder saves conflict', async () => {
    const template = await create('Restored');
    const v2 = (
      await as(umar, UPDATE, {
        id: template.id,
        name: 'Restored 2',
        svg: builderSvg({ slots: 2 }),
        base: template.templateVersionId,
      })
    ).data?.updateProductCatalogTemplate.template;

    // The versions list showed version 1 as the newest: restoring from it is refused.
    const stale = (
      await as(alice, RESTORE, {
        t: template.id,
        v: template.templateVersionId,
        base: template.templateVersionId,
      })
    ).data?.restoreProductCatalogTemplateVersion;
    expect(stale.template).toBeNull();
    expect(stale.error).toEqual({
      code: 'CONFLICT',
      message: conflictMessage('Umar User', stale.currentVersion),
    });
    expect((await state(template.id)).productCatalogTemplateVersions).toEqual([{ number: 2 }, { number: 1 }]);

    // From the newest version it restores, as version 3 by Alice.
    const restored = (
      await as(alice, RESTORE, { t: template.id, v: template.templateVersionId, base: v2.templateVersionId })
    ).data?.restoreProductCatalogTemplateVersion;
    expect(restored.error).toBeNull();
    expect(restored.template.versionNumber).toBe(3);

    // Umar's builder still edits version 2: its save now conflicts with the restore.
    const late = (
      await as(umar, UPDATE, {
        id: template.id,
        name: 'Restored by Umar',
        svg: builderSvg({ slots: 3 }),
        base: v2.templateVersionId,
      })
    ).data?.updateProductCatalogTemplate;
    expect(late.error.code).toBe('CONFLICT');
    expect(late.currentVersion).toMatchObject({ number: 3, savedBy: 'Alice Admin' });
    expect(late.error.message).toBe(conflictMessage('Alice Admin', late.currentVersion));
    expect((await state(template.id)).productCatalogTemplate.versionNumber).toBe(3);
  });
});
