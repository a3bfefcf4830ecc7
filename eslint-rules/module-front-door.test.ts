import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import moduleFrontDoor from './module-front-door.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = 'eslint-rules/fixtures/modules';

/** Lints one fixture with only the module-front-door rule, its modules being the fixtures' folders. */
async function frontDoorProblems(fixture: string) {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    ignore: false,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { adloom: { rules: { 'module-front-door': moduleFrontDoor } } },
        rules: { 'adloom/module-front-door': ['error', { areas: [fixtures] }] },
      },
    ],
  });
  const [result] = await eslint.lintFiles([path.join(root, fixtures, fixture)]);
  return result!.messages.map((message) => ({ line: message.line, message: message.message }));
}

describe('lint: modules meet at their front doors', () => {
  it("refuses a deep import of another module's file, and of a package's sources (by name or path)", async () => {
    expect(await frontDoorProblems('catalogs/import.jobs.ts')).toEqual([
      {
        line: 2,
        message:
          "Import 'feeds' through its front door ('../feeds/index.js'), not its file 'feeds.service.js': add what you need to its index.ts.",
      },
      {
        line: 3,
        message: expect.stringMatching(
          /^'@adloom\/renderer\/src\/resolve\/geometry\.js' is not an entry point of @adloom\/renderer/,
        ),
      },
      {
        line: 4,
        message:
          "Import the package '@adloom/template' by its name (its package.json exports: .), not by a path into its folder.",
      },
    ]);
  });

  it("accepts the other module's index, the module's own files and a package's declared entry point", async () => {
    expect(await frontDoorProblems('catalogs/catalogs.schema.ts')).toEqual([]);
  });

  it("is on in the repository's config for sources, and lets tests import a module's internals", async () => {
    const eslint = new ESLint({ cwd: root });
    const source = await eslint.calculateConfigForFile(
      path.join(root, 'apps/server/src/modules/feeds/feeds.schema.ts'),
    );
    expect(source.rules?.['adloom/module-front-door']).toEqual([2]);
    const feature = await eslint.calculateConfigForFile(
      path.join(root, 'apps/web/src/features/feeds/FeedScreen.tsx'),
    );
    expect(feature.rules?.['adloom/module-front-door']).toEqual([2]);
    const test = await eslint.calculateConfigForFile(path.join(root, 'apps/server/test/feeds.test.ts'));
    expect(test.rules?.['adloom/module-front-door']).toEqual([2, { areas: [] }]);
  });
});
