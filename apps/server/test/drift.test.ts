import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSchema } from 'graphql';
import {
  extractIntrospectionHeader,
  loadRef,
  minifyIntrospection,
  outputIntrospectionFile,
} from 'gql.tada/internal';
import { describe, expect, it } from 'vitest';
import { schemas } from '../src/graphql/schema.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.resolve(serverDir, '../web');

/**
 * The web's typed client files (gql.tada's `*-env.d.ts`) that are not what `npm run gql -w apps/web` would
 * write from the printed schemas: generated as its CLI does, from the schemas of the web's tsconfig,
 * and compared with what `read` gives for each file (the committed file by default).
 */
async function staleClientTypes(read = (file: string) => readFileSync(file, 'utf8')): Promise<string[]> {
  const tsconfig = JSON.parse(readFileSync(path.join(webDir, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: { plugins: Parameters<typeof loadRef>[0][] };
  };
  const loaded = await loadRef(tsconfig.compilerOptions.plugins[0]!).load({ rootPath: webDir });
  const stale: string[] = [];
  for (const schema of Object.values(loaded.multi)) {
    if (!schema?.tadaOutputLocation) continue;
    const file = path.join(webDir, schema.tadaOutputLocation);
    const committed = read(file);
    const expected = outputIntrospectionFile(minifyIntrospection(schema.introspection), {
      fileType: schema.tadaOutputLocation,
      shouldPreprocess: true,
      preamble: extractIntrospectionHeader(committed) ?? undefined,
    });
    if (expected !== committed) stale.push(path.relative(webDir, file));
  }
  return stale;
}

describe('drift between code and committed artefacts', () => {
  it('the printed GraphQL schemas match the code (run `npm run schema:print`)', () => {
    const { publicSchema, clientSchema } = schemas();
    expect(readFileSync(path.join(serverDir, 'schema/public.graphql'), 'utf8')).toBe(
      printSchema(publicSchema) + '\n',
    );
    expect(readFileSync(path.join(serverDir, 'schema/client.graphql'), 'utf8')).toBe(
      printSchema(clientSchema) + '\n',
    );
  });

  it("the web's typed client matches the printed schemas (run `npm run gql -w apps/web`)", async () => {
    expect(await staleClientTypes()).toEqual([]);
  });

  it('a stale typed client fails the check', async () => {
    // As if the types had been generated before the schemas had their ServerError type.
    const withoutServerError = (file: string) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !line.includes("'ServerError': {"))
        .join('\n');
    expect(await staleClientTypes(withoutServerError)).toEqual([
      'src/graphql/public-env.d.ts',
      'src/graphql/client-env.d.ts',
    ]);
  });

  it('the migrations cover the Drizzle schema (run `npm run db:generate`)', () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'adloom-drift-'));
    try {
      cpSync(path.join(serverDir, 'drizzle'), path.join(tmp, 'drizzle'), { recursive: true });
      writeFileSync(
        path.join(tmp, 'drizzle.config.ts'),
        `export default { dialect: 'postgresql', schema: ${JSON.stringify(path.join(serverDir, 'src/db/schema.ts'))}, out: './drizzle' };\n`,
      );
      const before = readdirSync(path.join(tmp, 'drizzle')).length;
      // drizzle-kit wants a relative `out`, so it runs inside the copy.
      const run = spawnSync(
        path.join(serverDir, '../../node_modules/.bin/drizzle-kit'),
        ['generate', '--config', 'drizzle.config.ts'],
        {
          cwd: tmp,
          encoding: 'utf8',
        },
      );
      const output = `${run.stdout}${run.stderr}`;
      expect(readdirSync(path.join(tmp, 'drizzle')).length, output).toBe(before);
      expect(output).toMatch(/No schema changes/);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 60_000);
});
