import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isObjectType, type GraphQLSchema } from 'graphql';
import { schemas } from '../src/graphql/schema.js';
import { createTestApp, describeEachDatabase, gql, twoClients, type TestApp } from './harness.js';
import { clientScopedCases, publicClientArgCases, type World } from './isolation/cases.js';
import './isolation/foundation.cases.js';
import './isolation/uploads.cases.js';
import './isolation/templates.cases.js';
import './isolation/brand-kit.cases.js';
import './isolation/catalogs.cases.js';
import './isolation/live-preview.cases.js';
import './isolation/layer-warnings.cases.js';
import './isolation/audit.cases.js';
import './isolation/performance.cases.js';
import './isolation/performance-meta.cases.js';
import './isolation/performance-import.cases.js';
import './isolation/performance-demo.cases.js';
import './isolation/dpa.cases.js';
import './isolation/creative-features.cases.js';

function rootFields(
  schema: GraphQLSchema,
  filter: (args: readonly { name: string }[]) => boolean = () => true,
) {
  const names: string[] = [];
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    if (!root || !isObjectType(root)) continue;
    for (const field of Object.values(root.getFields()))
      if (filter(field.args)) names.push(`${root.name}.${field.name}`);
  }
  return names.sort();
}

describe('tenant isolation harness', () => {
  const { clientSchema, publicSchema } = schemas();

  it('has a cross-client refusal case for every client-scoped operation', () => {
    const missing = rootFields(clientSchema).filter((name) => !clientScopedCases[name]);
    expect(missing, `client-scoped operations without an isolation case: ${missing.join(', ')}`).toEqual([]);
  });

  it('has a cross-client case for every public operation that takes a clientId', () => {
    const withClientArg = rootFields(publicSchema, (args) => args.some((a) => a.name === 'clientId'));
    const missing = withClientArg.filter((name) => !publicClientArgCases[name]);
    expect(missing, `public operations with clientId and no isolation case: ${missing.join(', ')}`).toEqual(
      [],
    );
  });
});

describeEachDatabase('cross-client refusal on %s', (kind) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = { ...(await twoClients(t)), t };
  });
  afterAll(() => t.close());

  it.each(Object.entries(clientScopedCases))(
    '%s: another client’s endpoint refuses, with no data',
    async (_name, c) => {
      const res = await gql(t, { session: w.sessionAdminA, clientId: w.b.id, query: c.document });
      expect(res.status).toBe(403);
      expect(res.data).toBeUndefined();
      expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      // The same document works for B's own admin, so the refusal is about the client, not the document.
      const own = await gql(t, { session: w.sessionAdminB, clientId: w.b.id, query: c.document });
      expect(own.status).toBe(200);
    },
  );

  it.each(Object.entries(clientScopedCases).filter(([, c]) => c.crossResource))(
    '%s: another client’s ids are refused through one’s own endpoint',
    async (_name, c) => {
      await c.crossResource!(w);
    },
  );

  it.each(Object.entries(publicClientArgCases))('%s: refuses another client', async (_name, c) => {
    await c.crossClient(w);
  });

  it('an unknown client id and a malformed one are refused the same way', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await gql(t, { session: w.sessionAdminA, clientId: id, query: '{ client { id } }' });
      expect(res.status).toBe(403);
      expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });

  it('signed-out requests to a client endpoint are refused', async () => {
    const res = await gql(t, { clientId: w.a.id, query: '{ client { id } }' });
    expect(res.status).toBe(401);
    expect(res.data).toBeUndefined();
  });
});
