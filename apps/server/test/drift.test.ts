import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schemas } from '../src/graphql/schema.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
