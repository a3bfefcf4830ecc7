// Builds the renderer page into dist/browser/: the browser bundle (src/browser/main.ts, esbuild, minified
// ESM), resvg's WebAssembly module beside it, both with content hashes in their names, gzip and brotli
// copies of each, and index.html, the page the server answers at /renderer/. Files of earlier builds are
// removed after the new page is in place. Run: `npm run build -w @adloom/renderer` (after the fonts).
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const rendererDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const BROWSER_OUT_DIR = path.join(rendererDir, 'dist', 'browser');

/** One built file with its sizes. */
export interface BuiltFile {
  name: string;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export interface BuildBrowserResult {
  script: BuiltFile;
  wasm: BuiltFile;
  ms: number;
}

function writeAtomically(file: string, data: string | Uint8Array): void {
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/** Writes `<file>.gz` and `<file>.br` unless they exist (names carry a content hash, so they are current). */
function precompress(dir: string, name: string): BuiltFile {
  const file = path.join(dir, name);
  const bytes = readFileSync(file);
  const sizes = { gzipBytes: 0, brotliBytes: 0 };
  for (const [extension, key, compress] of [
    ['.gz', 'gzipBytes', () => gzipSync(bytes, { level: 9 })],
    ['.br', 'brotliBytes', () => brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })],
  ] as const) {
    const target = file + extension;
    if (!existsSync(target)) writeAtomically(target, compress());
    sizes[key] = readFileSync(target).byteLength;
  }
  return { name, bytes: bytes.byteLength, ...sizes };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page at /renderer/: loads the bundle and says how to use it. */
export function rendererPage(script: string): string {
  const example = `const { imageDataUrl, dynamicLayerCount } = await window.renderOffscreen({
  template: svgText,              // the saved SVG template
  inputs: [{ input: 'https://cdn.example/photo.jpg', color: '#1a237e' }],
  metadata: { title: 'Explorer backpack', price: '129.00' },
  additionalFiles: { logos: [{ key: 'main', input: 'https://cdn.example/logo.png' }] },
});
// imageDataUrl: 'data:image/png;base64,…'

const { canvas } = await window.render(request); // drawn on a canvas added to this page`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Adloom renderer</title>
    <script type="module" src="./${escapeHtml(script)}"></script>
  </head>
  <body>
    <h1>Adloom renderer</h1>
    <p>
      This page renders ad templates in the browser, with the same engine as the server (resvg). Pages of
      this site that embed it, and automation, call two functions on <code>window</code>; the
      <code>adloom-renderer-ready</code> event fires once they are there.
    </p>
    <ul>
      <li>
        <code>renderOffscreen(request)</code> renders off-screen on white and resolves to
        <code>{ dynamicLayerCount, imageDataUrl }</code>, a PNG data URL.
      </li>
      <li>
        <code>render(request)</code> draws on a new canvas appended to this page (not with
        <code>addToDOM: false</code>) and resolves to <code>{ dynamicLayerCount, canvas, width, height, warnings }</code>.
      </li>
    </ul>
    <pre><code>${escapeHtml(example)}</code></pre>
    <p>
      A request is the render request of the API. Images and custom fonts are fetched without credentials,
      so their servers must allow cross-origin requests. Errors are logged to the console and rethrown.
    </p>
  </body>
</html>
`;
}

/** Builds the bundle and the page into `outDir`. */
export async function buildBrowser(
  options: { outDir?: string; log?: (line: string) => void } = {},
): Promise<BuildBrowserResult> {
  const started = performance.now();
  const outDir = options.outDir ?? BROWSER_OUT_DIR;
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: rendererDir,
    entryPoints: { 'adloom-renderer': 'src/browser/main.ts' },
    outdir: outDir,
    entryNames: '[name]-[hash]',
    assetNames: 'resvg-[hash]',
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome111', 'edge111', 'firefox115', 'safari16.4'],
    minify: true,
    sourcemap: 'linked',
    loader: { '.wasm': 'file' },
    metafile: true,
    logLevel: 'warning',
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => path.basename(file));
  const script = outputs.find((name) => name.endsWith('.js'));
  const wasm = outputs.find((name) => name.endsWith('.wasm'));
  if (!script || !wasm) throw new Error(`build-browser: unexpected outputs ${outputs.join(', ')}`);
  const built = { script: precompress(outDir, script), wasm: precompress(outDir, wasm) };
  writeAtomically(path.join(outDir, 'index.html'), rendererPage(script));

  const keep = new Set(['index.html', ...outputs.flatMap((name) => [name, `${name}.gz`, `${name}.br`])]);
  for (const entry of readdirSync(outDir, { withFileTypes: true }))
    if (entry.isFile() && !keep.has(entry.name) && !entry.name.includes('.tmp-'))
      unlinkSync(path.join(outDir, entry.name));

  const ms = Math.round(performance.now() - started);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  options.log?.(
    `renderer page: ${script} ${kb(built.script.bytes)} (${kb(built.script.gzipBytes)} gzip), ` +
      `${wasm} ${kb(built.wasm.bytes)} (${kb(built.wasm.gzipBytes)} gzip) in ${(ms / 1000).toFixed(1)} s ` +
      `→ ${path.relative(process.cwd(), outDir) || '.'}`,
  );
  return { ...built, ms };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await buildBrowser({ log: (line) => console.log(line) });
}
