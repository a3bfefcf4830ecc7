/**
 * The server's FontSource: catalogue fonts from the built TTF files in dist/fonts (falling back to the
 * @fontsource WOFF files when the build has not run, which opentype.js reads too), custom fonts from
 * their URL with the images module's download (size limit, private addresses refused, DNS pinned).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveFontFile } from '../fonts/catalogue.js';
import type { FontSource } from '../resolve/text/font-loader.js';
import { systemLookup } from '@adloom/net';
import { download } from './images/index.js';

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

const FONT_ACCEPT = 'font/ttf,font/otf,font/woff,font/woff2,application/font-sfnt,*/*;q=0.5';

/** The most time one custom font may take; the font loader's overall 9000 ms limit applies too. */
const FONT_TIMEOUT_MS = 9000;

/**
 * A custom font over http(s), through the images module's download: every hop's addresses are checked
 * (private and loopback ones refused unless the host is allow-listed) and the socket pinned to them, so
 * a second DNS answer cannot point it elsewhere; at most 3 redirects and MAX_FONT_BYTES.
 */
async function fetchFont(url: URL, signal: AbortSignal, allowHosts: readonly string[]): Promise<Uint8Array> {
  const downloaded = await download(url.href, {
    timeoutMs: FONT_TIMEOUT_MS,
    maxBytes: MAX_FONT_BYTES,
    maxRedirects: 3,
    allowHosts,
    lookup: systemLookup,
    accept: FONT_ACCEPT,
    noun: 'Font',
    signal,
  });
  return downloaded.bytes;
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
