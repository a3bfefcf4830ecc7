/**
 * module-front-door: a server module (apps/server/src/modules/<name>/) or a web feature
 * (apps/web/src/features/<name>/) is entered through its index.ts only, and a workspace package
 * (packages/<name>/, @adloom/<name>) by its name, through the entry points its package.json `exports`
 * declare, never by a relative path into it. Inside a module, feature or package, imports stay relative
 * and direct.
 *
 * Written here rather than taken from eslint-plugin-boundaries: that plugin classifies files by resolving
 * each import, and this repository's TypeScript sources import `./x.js` for `x.ts`, which needs a
 * TypeScript resolver plugin (eslint-import-resolver-typescript, a native resolver) on top of it and its
 * policy language; the rule itself is path arithmetic on the import's text, which this file does.
 *
 * Options: { areas: ['apps/server/src/modules', 'apps/web/src/features'], packagesDir: 'packages',
 * packageScope: '@adloom' } (folders relative to ESLint's working directory).
 */
import fs from 'node:fs';
import path from 'node:path';

const INDEX = /^index(\.(js|jsx|ts|tsx|mjs))?$/;

/** The declared entry points of each workspace package, by name (read once per lint run). */
const exportsCache = new Map();
function declaredExports(cwd, name) {
  if (!exportsCache.has(name)) {
    let entries;
    try {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(cwd, 'node_modules', name, 'package.json'), 'utf8'),
      );
      const exportsField = manifest.exports;
      entries =
        exportsField && typeof exportsField === 'object' && !Array.isArray(exportsField)
          ? Object.keys(exportsField).filter((key) => key.startsWith('.'))
          : ['.'];
    } catch {
      entries = null; // Not a workspace package here: nothing to check.
    }
    exportsCache.set(name, entries);
  }
  return exportsCache.get(name);
}

function matchesExport(entry, subpath) {
  if (!entry.includes('*')) return entry === subpath;
  const [prefix, suffix] = entry.split('*');
  return subpath.startsWith(prefix) && subpath.endsWith(suffix);
}

/** Where a relative import lands inside an area: its module and the path inside it, or null. */
function landing(areaRoot, target) {
  const relative = path.relative(areaRoot, target);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...inner] = relative.split(path.sep);
  return { name, inner: inner.join('/') };
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Import another module or feature only through its index.ts, and a package only through its declared exports.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          areas: { type: 'array', items: { type: 'string' } },
          packagesDir: { type: 'string' },
          packageScope: { type: 'string' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      deepImport:
        "Import '{{name}}' through its front door ('{{door}}'), not its file '{{inner}}': add what you need to its index.ts.",
      packageByPath:
        "Import the package '{{name}}' by its name (its package.json exports: {{entries}}), not by a path into its folder.",
      deepPackageImport:
        "'{{source}}' is not an entry point of {{name}} (its package.json exports: {{entries}}): import one of those.",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const cwd = context.cwd;
    const areas = (options.areas ?? ['apps/server/src/modules', 'apps/web/src/features']).map((area) =>
      path.resolve(cwd, area),
    );
    const scope = options.packageScope ?? '@adloom';
    const packagesDir = path.resolve(cwd, options.packagesDir ?? 'packages');
    const file = context.filename;

    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const specifier = source.value;
      if (specifier.startsWith('.')) {
        const target = path.resolve(path.dirname(file), specifier);
        for (const area of areas) {
          const into = landing(area, target);
          if (!into) continue;
          const from = landing(area, file);
          if (from?.name === into.name || into.inner === '' || INDEX.test(into.inner)) return;
          const door = path
            .relative(path.dirname(file), path.join(area, into.name, 'index.js'))
            .split(path.sep)
            .join('/');
          context.report({
            node: source,
            messageId: 'deepImport',
            data: { name: into.name, door: door.startsWith('.') ? door : `./${door}`, inner: into.inner },
          });
          return;
        }
        const intoPackage = landing(packagesDir, target);
        if (!intoPackage || landing(packagesDir, file)?.name === intoPackage.name) return;
        const packageName = `${scope}/${intoPackage.name}`;
        const entries = declaredExports(cwd, packageName);
        if (entries)
          context.report({
            node: source,
            messageId: 'packageByPath',
            data: { name: packageName, entries: entries.join(', ') },
          });
        return;
      }
      if (!specifier.startsWith(`${scope}/`)) return;
      const [, name, ...rest] = specifier.split('/');
      const packageName = `${scope}/${name}`;
      const entries = declaredExports(cwd, packageName);
      if (!entries) return;
      const subpath = rest.length ? `./${rest.join('/')}` : '.';
      if (entries.some((entry) => matchesExport(entry, subpath))) return;
      context.report({
        node: source,
        messageId: 'deepPackageImport',
        data: { source: specifier, name: packageName, entries: entries.join(', ') },
      });
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
