import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { Kind, print, specifiedRules, validate, type DocumentNode, type ValidationContext } from 'graphql';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_RESPONSE_BYTES, QUERY_LIMITS } from '../src/graphql/limits.js';
import { schemas } from '../src/graphql/schema.js';
import { builderSvg } from './fixtures/templates.js';
import {
  createTestApp,
  describeEachDatabase,
  makeClient,
  makeUser,
  PASSWORD,
  signIn,
  type TestApp,
} from './harness.js';

type Session = Awaited<ReturnType<typeof signIn>>;

/** A GraphQL POST with its status and body as the browser would see them. */
async function post(t: TestApp, url: string, query: string, variables: object = {}, session?: Session) {
  // What urql sends: with application/graphql-response+json, refused requests are 400s (GraphQL over HTTP).
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/graphql-response+json, application/graphql+json, application/json',
  };
  if (session) Object.assign(headers, { cookie: session.cookie, 'x-csrf-token': session.csrf });
  const response = await t.app.inject({ method: 'POST', url, headers, payload: { query, variables } });
  return { status: response.statusCode, bytes: response.rawPayload.length, body: JSON.parse(response.body) };
}

describeEachDatabase('GraphQL limits on %s', (kind) => {
  let t: TestApp;
  let session: Session;
  let clientUrl: string;
  const logLines: Record<string, any>[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp(kind, { LOG_LEVEL: 'error' }, logStream);
    const client = await makeClient(t, 'Limits Co');
    clientUrl = `/api/clients/${client.id}/`;
    const user = await makeUser(t, { clientId: client.id });
    session = await signIn(t, user.email, PASSWORD);
  });
  afterAll(() => t.close());

  it('a 20,000-alias query is refused before it is parsed: the query text limit', async () => {
    const aliases = Array.from({ length: 20_000 }, (_, i) => `a${i}: me { id }`).join(' ');
    const { status, body } = await post(t, clientUrl, `{ ${aliases} }`, {}, session);
    expect(status).toBe(400);
    expect(body).toEqual({
      errors: [
        expect.objectContaining({
          message: `Query text limit of ${QUERY_LIMITS.queryChars} characters exceeded, found ${aliases.length + 4}. Ask for less in one request.`,
          extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'queryChars', max: QUERY_LIMITS.queryChars },
        }),
      ],
    });
  });

  it('a query of more tokens than allowed is refused while it is parsed', async () => {
    const { status, body } = await post(t, clientUrl, `{ ${'__typename '.repeat(1200)}}`, {}, session);
    expect(status).toBe(400);
    expect(body).toEqual({
      errors: [
        expect.objectContaining({
          message: `Token limit of ${QUERY_LIMITS.tokens} exceeded. Ask for less in one request.`,
          extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'tokens', max: QUERY_LIMITS.tokens },
        }),
      ],
    });
  });

  it('more aliases than allowed, in few tokens, are refused by the alias limit (__typename counts)', async () => {
    const aliases = Array.from({ length: 11 }, (_, i) => `a${i}: __typename`).join(' ');
    const { status, body } = await post(t, clientUrl, `{ ${aliases} }`, {}, session);
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: `Aliases limit of ${QUERY_LIMITS.aliases} exceeded, found 11. Ask for less in one request.`,
        extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'aliases', max: QUERY_LIMITS.aliases },
      }),
    ]);
  });

  it('a query deeper than the limit is refused, introspection too', async () => {
    const deep = `{ __type(name: "Query") { ${'fields { type { '.repeat(5)}name${' } }'.repeat(5)} } }`;
    const { status, body } = await post(t, clientUrl, deep, {}, session);
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: `Query depth limit of ${QUERY_LIMITS.depth} exceeded, found 12. Ask for less in one request.`,
        extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'depth', max: QUERY_LIMITS.depth },
      }),
    ]);
  });

  it('a query over the cost limit is refused', async () => {
    // Without aliases: the same field many times costs each time even though graphql merges them.
    const query = `{ ${'brandKit { items { id name content { id filename } } } '.repeat(60)}}`;
    const { status, body } = await post(t, clientUrl, query, {}, session);
    expect(status).toBe(400);
    expect(body.errors[0]).toMatchObject({
      message: expect.stringMatching(/^Query Cost limit of 1000 exceeded, found \d+/),
      extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'cost', max: QUERY_LIMITS.cost },
    });
  });

  it('a response over the size limit is refused with one error instead of being sent; one big template still loads', async () => {
    const create = await post(
      t,
      clientUrl,
      'mutation($svg: String!) { createProductCatalogTemplate(name: "Big", templateString: $svg) { template { id templateVersionId } error { message } } }',
      { svg: builderSvg() },
      session,
    );
    const { id, templateVersionId } = create.body.data.createProductCatalogTemplate.template;
    // 9.5 MB, as a builder template with embedded photos can be (stored directly: the save path is not under test).
    await t.deps.db.execute(
      sql`update template_versions set template_string = template_string || repeat('x', 9500000) where id = ${templateVersionId}`,
    );

    const one = await post(
      t,
      clientUrl,
      'query($id: ID!) { productCatalogTemplate(id: $id) { templateString } }',
      { id },
      session,
    );
    expect(one.body.errors).toBeUndefined();
    expect(one.body.data.productCatalogTemplate.templateString.length).toBeGreaterThan(9_500_000);

    const four = [1, 2, 3, 4]
      .map((i) => `t${i}: productCatalogTemplate(id: $id) { templateString }`)
      .join(' ');
    const bomb = await post(t, clientUrl, `query($id: ID!) { ${four} }`, { id }, session);
    expect(bomb.body).toEqual({
      data: null,
      errors: [
        expect.objectContaining({
          message: expect.stringContaining('The response would be larger than 32 MiB, the limit.'),
          extensions: { code: 'RESPONSE_TOO_LARGE', limit: 'responseBytes', max: MAX_RESPONSE_BYTES },
        }),
      ],
    });
    expect(bomb.bytes).toBeLessThan(1000);
  });

  it('a NUL character in a string argument is BAD_USER_INPUT, as a variable or a literal', async () => {
    const byVariable = await post(
      t,
      clientUrl,
      'query($search: String) { productCatalogTemplates(search: $search) { id } }',
      { search: 'sale\u0000' },
      session,
    );
    expect(byVariable.body.errors).toEqual([
      expect.objectContaining({
        message: 'Variable "$search" must not contain the NUL character (\\u0000).',
        extensions: { code: 'BAD_USER_INPUT' },
      }),
    ]);

    const nested = await post(
      t,
      clientUrl,
      'mutation($slots: [SlotInput!]) { createProductCatalogTemplate(name: "N", templateString: "<svg/>", slots: $slots) { error { code } } }',
      { slots: [{ id: 'MAIN_001', name: 'a\u0000' }] },
      session,
    );
    expect(nested.body.errors[0]).toMatchObject({
      message: 'Variable "$slots[0].name" must not contain the NUL character (\\u0000).',
      extensions: { code: 'BAD_USER_INPUT' },
    });

    const byLiteral = await post(
      t,
      clientUrl,
      '{ productCatalogTemplates(search: "sale\\u0000") { id } }',
      {},
      session,
    );
    expect(byLiteral.body.errors).toEqual([
      expect.objectContaining({
        message: 'Argument "search" must not contain the NUL character (\\u0000).',
        extensions: { code: 'BAD_USER_INPUT' },
      }),
    ]);
  });

  it('a masked internal error carries the request id, and the log has the real error under that id', async () => {
    const select = vi.spyOn(t.deps.db, 'select').mockImplementationOnce(() => {
      throw new Error('the disk is on fire');
    });
    try {
      const { body } = await post(t, '/api/', `{ invitation(token: "${'t'.repeat(30)}") { email } }`);
      const [error] = body.errors;
      expect(error.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR', requestId: expect.any(String) });
      expect(error.message).toBe(
        `Unexpected error. Try again; if it happens again, report request id ${error.extensions.requestId}.`,
      );
      expect(JSON.stringify(body)).not.toContain('disk');
      expect(logLines).toContainEqual(
        expect.objectContaining({
          level: 50,
          reqId: error.extensions.requestId,
          msg: 'GraphQL: internal error (masked)',
          err: expect.objectContaining({ message: 'the disk is on fire' }),
        }),
      );
    } finally {
      select.mockRestore();
    }
  });
});

describe("the web app's operations stay well inside the limits", () => {
  const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src');
  const operationFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return operationFiles(file);
      const source =
        /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? readFileSync(file, 'utf8') : '';
      return /\bgraphql\(\s*`/.test(source) ? [file] : [];
    });

  it('at most half of each limit (characters, tokens, aliases, depth, cost), measured on every operation', async () => {
    const { publicSchema, clientSchema } = schemas();
    const most = { queryChars: 0, tokens: 0, aliases: 0, depth: 0, cost: 0 };
    const measure = (what: keyof typeof most) => ({
      n: Infinity,
      maxCost: Infinity,
      allowList: [],
      flattenFragments: true,
      ignoreIntrospection: false,
      onAccept: [
        (_c: ValidationContext | null, found: { n: number }) => (most[what] = Math.max(most[what], found.n)),
      ],
    });
    let operations = 0;
    for (const file of operationFiles(webSrc)) {
      const schema = readFileSync(file, 'utf8').includes('graphql/public') ? publicSchema : clientSchema;
      const documents = Object.values(await import(pathToFileURL(file).href)).filter(
        (value): value is DocumentNode =>
          (value as DocumentNode)?.kind === Kind.DOCUMENT &&
          (value as DocumentNode).definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION),
      );
      for (const document of documents) {
        operations += 1;
        const rules = [
          maxAliasesRule(measure('aliases')),
          maxDepthRule(measure('depth')),
          costLimitRule(measure('cost')),
        ];
        expect(validate(schema, document, [...specifiedRules, ...rules]), file).toEqual([]);
        const parser = new MaxTokensParserWLexer(print(document), { n: Infinity });
        parser.parseDocument();
        most.tokens = Math.max(most.tokens, parser.tokenCount);
        const text = Math.max(print(document).length, document.loc?.source.body.length ?? 0);
        most.queryChars = Math.max(most.queryChars, text);
      }
    }
    console.log(`${operations} web operations; the most of each:`, most);
    expect(operations).toBeGreaterThan(70);
    for (const what of Object.keys(most) as (keyof typeof most)[])
      expect(most[what], what).toBeLessThanOrEqual(QUERY_LIMITS[what] / 2);
  });
});
