/**
 * The server's FontSource: catalogue fonts from the built TTF files in dist/fonts (falling back to the
 * @fontsource WOFF files when the build has not run, which opentype.js reads too), custom fonts from
 * their URL with a size limit and a guard against private addresses.
 */
import { lookup } from 'node:dns/promises';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveFontFile } from '../fonts/catalogue.js';
import type { FontSource } from '../resolve/text/font-loader.js';
import { nonPublicRange } from './images/index.js';

/** Where `npm run build -w @adloom/renderer` writes the catalogue fonts. */
export const BUILT_FONTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/fonts');

/** Largest custom font accepted. */
export const MAX_FONT_BYTES = 10 * 1024 * 1024;

const require = createRequire(import.meta.url);

/** Options of fileFontSource. */
export interface FileFontSourceOptions {
  /** Default: packages/renderer/dist/fonts. */
  fontsDir?: string;
  /** Accept custom fonts from file paths and file: URLs (the command line only). */
  allowFiles?: boolean;
  /** Host names whose private addresses are allowed (an internal CDN). */
  allowHosts?: readonly string[];
}

/** The @fontsource WOFF file of a catalogue face (same tables as the built TTF). */
function fontsourceWoff(file: string): string | undefined {
  const resolved = resolveFontFile(file);
  if (!resolved.ok) return undefined;
  const packageName = resolved.family.source.replace(/@[^@/]*$/, '');
  const id = packageName.replace('@fontsource/', '');
  const dir = path.dirname(require.resolve(`${packageName}/package.json`));
  return path.join(
    dir,
    'files',
    `${id}-${resolved.subset}-${resolved.weight}-${resolved.italic ? 'italic' : 'normal'}.woff`,
  );
}

async function readCatalogueFont(fontsDir: string, file: string): Promise<Uint8Array> {
  const resolved = resolveFontFile(file);
  // Only names the catalogue produces are opened, so a file name can never walk out of the directory.
  if (!resolved.ok || resolved.file !== file)
    throw new Error(resolved.ok ? `not a catalogue file: ${file}` : resolved.message);
  try {
    return await readFile(path.join(fontsDir, file));
  } catch (error) {
    const woff = (error as NodeJS.ErrnoException).code === 'ENOENT' ? fontsourceWoff(file) : undefined;
    if (!woff) throw error;
    return readFile(woff);
  }
}

async function checkPublicHost(url: URL, allowHosts: readonly string[]): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (allowHosts.includes(url.hostname) || allowHosts.includes(url.host)) return;
  const addresses = await lookup(host, { all: true });
  for (const { address } of addresses) {
    const range = nonPublicRange(address);
    if (range !== undefined)
      throw new Error(`${url.hostname} resolves to a ${range} address, which fonts may not come from`);
  }
}

async function fetchFont(url: URL, signal: AbortSignal, allowHosts: readonly string[]): Promise<Uint8Array> {
  await checkPublicHost(url, allowHosts);
  // Redirects are not followed: each hop would need the same address check.
  const response = await fetch(url, { signal, redirect: 'error' });
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${url.href}`);
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_FONT_BYTES) throw new Error(`${url.href} is larger than ${MAX_FONT_BYTES} bytes`);
  const chunks: Uint8Array[] = [];
  let total = 0;
  // A reader rather than `for await`: the stream types differ between Node's and the DOM's libraries.
  const reader = response.body?.getReader();
  for (;;) {
    const next = reader ? await reader.read() : { done: true as const, value: undefined };
    if (next.done) break;
    total += next.value.byteLength;
    if (total > MAX_FONT_BYTES) {
      await reader?.cancel();
      throw new Error(`${url.href} is larger than ${MAX_FONT_BYTES} bytes`);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/** A FontSource reading catalogue files from disk and custom fonts from http(s) (or files, if allowed). */
export function fileFontSource(options: FileFontSourceOptions = {}): FontSource {
  const fontsDir = options.fontsDir ?? BUILT_FONTS_DIR;
  const allowHosts = options.allowHosts ?? [];
  return {
    catalogueFont: (file) => readCatalogueFont(fontsDir, file),
    async customFont(source, signal) {
      let url: URL | undefined;
      try {
        url = new URL(source);
      } catch {
        url = undefined;
      }
      if (url && (url.protocol === 'http:' || url.protocol === 'https:'))
        return fetchFont(url, signal, allowHosts);
      if (options.allowFiles && (!url || url.protocol === 'file:')) {
        const file = url ? fileURLToPath(url) : path.resolve(source);
        const bytes = await readFile(file);
        if (bytes.byteLength > MAX_FONT_BYTES)
          throw new Error(`${file} is larger than ${MAX_FONT_BYTES} bytes`);
        return bytes;
      }
      throw new Error(`font URL ${source.slice(0, 200)} is not http(s)`);
    },
  };
}
