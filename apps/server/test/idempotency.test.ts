/**
 * Create mutations and double submits (issue 14, item 17): createCatalog is atomic (a refused upload
 * leaves no catalogue), and every create mutation takes an idempotency key: two identical requests with
 * the same key, even at the same moment, create one row and both answer with it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  brandKitItems,
  catalogImports,
  catalogs,
  clients,
  feeds,
  idempotencyKeys,
  productSets,
  templates,
} from '../src/db/schema.js';
import { purgeIdempotencyKeys } from '../src/modules/idempotency/index.js';
import { upsertLibraryTemplate } from '../src/modules/templates/templates.service.js';
import { builderSvg } from './fixtures/templates.js';
import { storedKeyOf } from '../src/modules/uploads/upload-types.js';
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

describeEachDatabase('atomic createCatalog on %s', (kind) => {
  let t: TestApp;
  let clientId: string;
  let session: Awaited<ReturnType<typeof signIn>>;
  const call = (query: string, variables: Record<string, unknown> = {}) =>
    gql(t, { session, clientId, query, variables });
  const CREATE =
    'mutation($name: String!, $key: String, $url: String) { createCatalog(name: $name, uploadKey: $key, sourceUrl: $url) { catalog { id } import { id status } error { code message } } }';
  const catalogsOfClient = () => t.deps.db.select().from(catalogs).where(eq(catalogs.clientId, clientId));

  beforeAll(async () => {
    t = await createTestApp(kind);
    clientId = (await makeClient(t, 'Atomic Co')).id;
    const user = await makeUser(t, { clientId, isAdmin: true });
    session = await signIn(t, user.email, PASSWORD);
  }, 60_000);
  afterAll(() => t.close());

  it('leaves no catalogue when its upload is refused', async () => {
    const refusals = [
      // The upload never arrived (or was removed).
      { name: 'Missing file', key: `clients/${clientId}/catalog-files/${randomUUID()}/gone.csv` },
      // Another client's key.
      { name: 'Foreign file', key: `clients/${randomUUID()}/catalog-files/${randomUUID()}/theirs.csv` },
      // Neither a file nor a URL.
      { name: 'No source' },
    ];
    for (const variables of refusals) {
      const res = await call(CREATE, variables);
      expect(res.data?.createCatalog.error?.code, variables.name).toBe('INVALID_INPUT');
      expect(res.data?.createCatalog.catalog, variables.name).toBeNull();
    }
    expect(await catalogsOfClient()).toEqual([]);
    expect(
      await t.deps.db.select().from(catalogImports).where(eq(catalogImports.clientId, clientId)),
    ).toEqual([]);
  });

  it('creates the catalogue and its queued import together when the upload is there', async () => {
    const key = `clients/${clientId}/catalog-files/${randomUUID()}/items.csv`;
    await t.deps.files.put(key, Buffer.from('id,title\nA,Alpha\n'), { contentType: 'text/csv' });
    const res = await call(CREATE, { name: 'Present', key });
    expect(res.data?.createCatalog.error).toBeNull();
    const id = res.data?.createCatalog.catalog.id as string;
    const [row] = await t.deps.db.select().from(catalogs).where(eq(catalogs.id, id));
    // The import reads the upload's checked copy (uploads/accept-upload.ts).
    expect(row).toMatchObject({ name: 'Present', sourceFileKey: storedKeyOf(key) });
    const imports = await t.deps.db
      .select()
      .from(catalogImports)
      .where(and(eq(catalogImports.catalogId, id)));
    expect(imports.map((i) => i.id)).toEqual([res.data?.createCatalog.import.id]);
  });
});

interface CreateCase {
  /** Sent as this session (the client's admin unless said otherwise), to the client endpoint or /api/. */
  as?: 'staff';
  public?: boolean;
  document: string;
  variables: () => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** The created row's id in the answer. */
  idOf: (data: Record<string, any>) => string | undefined;
  /** How many rows the case's requests made. */
  count: () => Promise<number>;
}

describeEachDatabase('idempotency keys of create mutations on %s', (kind) => {
  let t: TestApp;
  let clientId: string;
  let admin: Awaited<ReturnType<typeof makeUser>>;
  let session: Awaited<ReturnType<typeof signIn>>;
  let staffSession: Awaited<ReturnType<typeof signIn>>;
  let catalogId: string;
  let productSetId: string;
  let templateId: string;
  let libraryId: string;
  const db = () => t.deps.db;
  const countRows = async (table: any, where: any) => (await db().select().from(table).where(where)).length;

  beforeAll(async () => {
    t = await createTestApp(kind);
    clientId = (await makeClient(t, 'Double Co')).id;
    admin = await makeUser(t, { clientId, isAdmin: true });
    session = await signIn(t, admin.email, PASSWORD);
    const staff = await makeUser(t, { isStaff: true });
    staffSession = await signIn(t, staff.email, PASSWORD);
    const [catalog] = await db().insert(catalogs).values({ clientId, name: 'Base catalogue' }).returning();
    catalogId = catalog!.id;
    const [imported] = await db()
      .insert(catalogImports)
      .values({ catalogId, clientId, status: 'completed' })
      .returning();
    await db().update(catalogs).set({ currentImportId: imported!.id }).where(eq(catalogs.id, catalogId));
    const [set] = await db()
      .insert(productSets)
      .values({ clientId, catalogId, name: 'Base set', filter: {} })
      .returning();
    productSetId = set!.id;
    const template = await gql(t, {
      session,
      clientId,
      query:
        'mutation($svg: String!) { createProductCatalogTemplate(name: "Base template", templateString: $svg) { template { id } error { message } } }',
      variables: { svg: builderSvg() },
    });
    templateId = template.data?.createProductCatalogTemplate.template.id;
    await upsertLibraryTemplate(db(), {
      key: 'double-submit',
      name: 'Starter',
      templateString: builderSvg(),
      thumbnailUrl: null,
      styleTags: [],
    });
    const [library] = await db().select().from(templates).where(eq(templates.libraryKey, 'double-submit'));
    libraryId = library!.id;
  }, 60_000);
  afterAll(() => t.close());

  const cases: Record<string, CreateCase> = {
    createFeed: {
      document:
        'mutation($set: ID!, $tpl: ID!, $key: String) { createFeed(productSetId: $set, name: "Twice feed", designs: [{ templateId: $tpl }], idempotencyKey: $key) { feed { id } error { code message } } }',
      variables: () => ({ set: productSetId, tpl: templateId }),
      idOf: (d) => d.createFeed.feed?.id,
      count: () => countRows(feeds, and(eq(feeds.clientId, clientId), eq(feeds.name, 'Twice feed'))),
    },
    createProductCatalogTemplate: {
      document:
        'mutation($svg: String!, $key: String) { createProductCatalogTemplate(name: "Twice template", templateString: $svg, idempotencyKey: $key) { template { id } error { code message } } }',
      variables: () => ({ svg: builderSvg() }),
      idOf: (d) => d.createProductCatalogTemplate.template?.id,
      count: () =>
        countRows(templates, and(eq(templates.clientId, clientId), eq(templates.name, 'Twice template'))),
    },
    duplicateProductCatalogTemplate: {
      document:
        'mutation($id: ID!, $key: String) { duplicateProductCatalogTemplate(id: $id, idempotencyKey: $key) { template { id } error { code message } } }',
      variables: () => ({ id: templateId }),
      idOf: (d) => d.duplicateProductCatalogTemplate.template?.id,
      count: () =>
        countRows(
          templates,
          and(eq(templates.clientId, clientId), eq(templates.name, 'Copy of Base template')),
        ),
    },
    useLibraryTemplate: {
      document:
        'mutation($id: ID!, $key: String) { useLibraryTemplate(libraryTemplateId: $id, name: "Twice starter", idempotencyKey: $key) { template { id } error { code message } } }',
      variables: () => ({ id: libraryId }),
      idOf: (d) => d.useLibraryTemplate.template?.id,
      count: () =>
        countRows(templates, and(eq(templates.clientId, clientId), eq(templates.name, 'Twice starter'))),
    },
    createProductSet: {
      document:
        'mutation($catalog: ID!, $key: String) { createProductSet(catalogId: $catalog, name: "Twice set", idempotencyKey: $key) { productSet { id } error { code message } } }',
      variables: () => ({ catalog: catalogId }),
      idOf: (d) => d.createProductSet.productSet?.id,
      count: () =>
        countRows(productSets, and(eq(productSets.clientId, clientId), eq(productSets.name, 'Twice set'))),
    },
    createCatalog: {
      document:
        'mutation($upload: String!, $key: String) { createCatalog(name: "Twice catalogue", uploadKey: $upload, idempotencyKey: $key) { catalog { id } import { id } error { code message } } }',
      variables: async () => {
        const upload = `clients/${clientId}/catalog-files/${randomUUID()}/twice.csv`;
        await t.deps.files.put(upload, Buffer.from('id,title\nA,Alpha\n'), { contentType: 'text/csv' });
        return { upload };
      },
      idOf: (d) => d.createCatalog.catalog?.id,
      count: () =>
        countRows(catalogs, and(eq(catalogs.clientId, clientId), eq(catalogs.name, 'Twice catalogue'))),
    },
    createBrandKitItem: {
      document:
        'mutation($key: String) { createBrandKitItem(name: "Twice red", type: COLOR, textContent: "#ff0000", idempotencyKey: $key) { brandKitItem { id } error { code message } } }',
      variables: () => ({}),
      idOf: (d) => d.createBrandKitItem.brandKitItem?.id,
      count: () =>
        countRows(
          brandKitItems,
          and(eq(brandKitItems.clientId, clientId), eq(brandKitItems.name, 'Twice red')),
        ),
    },
    createWorkspace: {
      public: true,
      document:
        'mutation($key: String) { createWorkspace(name: "Twice workspace", idempotencyKey: $key) { client { id } error { code message } } }',
      variables: () => ({}),
      idOf: (d) => d.createWorkspace.client?.id,
      count: () => countRows(clients, eq(clients.name, 'Twice workspace')),
    },
    portalCreateClient: {
      public: true,
      as: 'staff',
      document:
        'mutation($key: String) { portalCreateClient(name: "Twice client", planStatus: PAYING, idempotencyKey: $key) { client { id } error { code message } } }',
      variables: () => ({}),
      idOf: (d) => d.portalCreateClient.client?.id,
      count: () => countRows(clients, eq(clients.name, 'Twice client')),
    },
  };

  const send = (c: CreateCase, variables: Record<string, unknown>, key?: string) =>
    gql(t, {
      session: c.as === 'staff' ? staffSession : session,
      clientId: c.public ? undefined : clientId,
      query: c.document,
      variables: { ...variables, key },
    });

  it.each(Object.entries(cases))(
    '%s: a double submit at the same moment creates one row, and both answers name it',
    async (_name, c) => {
      const variables = await c.variables();
      const key = randomUUID();
      const [first, second] = await Promise.all([send(c, variables, key), send(c, variables, key)]);
      expect(first.errors, JSON.stringify(first.errors)).toBeUndefined();
      const firstId = c.idOf(first.data!);
      expect(firstId, JSON.stringify(first.data)).toBeTruthy();
      expect(c.idOf(second.data!), JSON.stringify(second.data)).toBe(firstId);
      expect(await c.count()).toBe(1);
      // A retry of the same submit later gets the same row; a new submit (a new key) creates.
      expect(c.idOf((await send(c, variables, key)).data!)).toBe(firstId);
      expect(await c.count()).toBe(1);
      const another = c.idOf((await send(c, await c.variables(), randomUUID())).data!);
      expect(another).toBeTruthy();
      expect(another).not.toBe(firstId);
      expect(await c.count()).toBe(2);
    },
  );

  it('without a key each request creates, as before', async () => {
    const c = cases.createProductSet!;
    const before = await c.count();
    await Promise.all([send(c, await c.variables()), send(c, await c.variables())]);
    expect(await c.count()).toBe(before + 2);
  });

  it('a double-submitted catalogue has one import', async () => {
    const c = cases.createCatalog!;
    const variables = await c.variables();
    const key = randomUUID();
    const answers = await Promise.all([send(c, variables, key), send(c, variables, key)]);
    const id = c.idOf(answers[0].data!)!;
    expect(answers.map((a) => a.data?.createCatalog.import.id)).toEqual([
      answers[0].data?.createCatalog.import.id,
      answers[0].data?.createCatalog.import.id,
    ]);
    expect(await countRows(catalogImports, eq(catalogImports.catalogId, id))).toBe(1);
  });

  it('a key is the user’s own: another member sending the same key creates their own row', async () => {
    const other = await makeUser(t, { clientId, isAdmin: true });
    const otherSession = await signIn(t, other.email, PASSWORD);
    const key = randomUUID();
    const doc =
      'mutation($key: String) { createBrandKitItem(name: "Shared key", type: COLOR, textContent: "#00ff00", idempotencyKey: $key) { brandKitItem { id } } }';
    const mine = await gql(t, { session, clientId, query: doc, variables: { key } });
    const theirs = await gql(t, { session: otherSession, clientId, query: doc, variables: { key } });
    expect(mine.data?.createBrandKitItem.brandKitItem.id).not.toBe(
      theirs.data?.createBrandKitItem.brandKitItem.id,
    );
  });

  it('a refused first request leaves its key free: the corrected retry creates', async () => {
    const key = randomUUID();
    const doc =
      'mutation($upload: String!, $key: String) { createCatalog(name: "Retried", uploadKey: $upload, idempotencyKey: $key) { catalog { id } error { code } } }';
    const missing = `clients/${clientId}/catalog-files/${randomUUID()}/late.csv`;
    const refused = await gql(t, { session, clientId, query: doc, variables: { upload: missing, key } });
    expect(refused.data?.createCatalog.error.code).toBe('INVALID_INPUT');
    await t.deps.files.put(missing, Buffer.from('id,title\nA,Alpha\n'), { contentType: 'text/csv' });
    const created = await gql(t, { session, clientId, query: doc, variables: { upload: missing, key } });
    expect(created.data?.createCatalog.error).toBeNull();
    expect(
      await countRows(catalogs, and(eq(catalogs.clientId, clientId), eq(catalogs.name, 'Retried'))),
    ).toBe(1);
  });

  it('a key is kept 24 hours, then forgotten', async () => {
    const c = cases.createBrandKitItem!;
    const before = await c.count();
    const key = randomUUID();
    const first = c.idOf((await send(c, {}, key)).data!);
    await db()
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(idempotencyKeys.key, key));
    const later = c.idOf((await send(c, {}, key)).data!);
    expect(later).not.toBe(first);
    expect(await c.count()).toBe(before + 2);
    // The purge deletes what is past its time, and nothing younger.
    await db()
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(idempotencyKeys.key, key));
    const fresh = randomUUID();
    await send(c, {}, fresh);
    await purgeIdempotencyKeys(db());
    const left = await db().select().from(idempotencyKeys);
    expect(left.some((k) => k.key === key)).toBe(false);
    expect(left.some((k) => k.key === fresh)).toBe(true);
  });

  it('refuses a malformed key', async () => {
    const res = await send(cases.createBrandKitItem!, {}, 'not a key!');
    expect(res.data?.createBrandKitItem.error.code).toBe('INVALID_INPUT');
  });
});
