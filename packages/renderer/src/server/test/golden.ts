/**
 * The golden suite's cases and test inputs, shared by golden.test.ts (server renders against the
 * baselines) and e2e/renderer.spec.ts (browser renders against server renders). Input images are made
 * with sharp, named in request.json as `gen:<kind>-<width>x<height>.<png|jpg>` (kinds: quadrants, logo);
 * custom fonts as `fontsource:<package>/<file>.woff`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FontSource } from '../../resolve/text/font-loader.js';
import { fileFontSource } from '../fonts.js';
import type { ImageLoader } from '../render.js';
import { logoImage, memoryLoader, quadrantImage } from './images.js';

export const GOLDEN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../golden');
/** A pixel differs when a channel moves by more than this (of 255). */
export const CHANNEL_TOLERANCE = 8;
/** A render fails when more than this share of its pixels differ. */
export const MAX_DIFFERENT = 0.005;

const require = createRequire(import.meta.url);
const generated = new Map<string, Promise<Buffer>>();

/** The bytes of a `gen:` test image, made once per process; undefined for any other name. */
export function generateGoldenImage(source: string): Promise<Buffer> | undefined {
  const match = /^gen:(quadrants|logo)-(\d+)x(\d+)\.(png|jpg)$/.exec(source);
  if (!match) return undefined;
  const [, kind, width, height, extension] = match;
  let image = generated.get(source);
  if (!image) {
    image =
      kind === 'logo'
        ? logoImage(Number(width), Number(height))
        : quadrantImage(Number(width), Number(height), extension === 'jpg' ? 'jpeg' : 'png');
    generated.set(source, image);
  }
  return image;
}

/** The bytes of a `fontsource:` test font. */
export function readGoldenFont(source: string): Promise<Buffer> {
  const match = /^fontsource:(.+)$/.exec(source);
  if (!match) throw new Error(`custom font ${source} is not a fontsource: test font`);
  return readFile(require.resolve(`@fontsource/${match[1]}`));
}

/** Loads `gen:` images; `toGolden` maps another naming of them (URLs a test serves) back first. */
export function goldenImageLoader(toGolden: (source: string) => string = (source) => source): ImageLoader {
  return async (source, options) => {
    const name = toGolden(source);
    const bytes = await generateGoldenImage(name);
    if (!bytes) throw new Error(`Image ${source} is not a gen: test image`);
    return memoryLoader({ [source]: bytes })(source, options);
  };
}

/** Catalogue fonts from dist/fonts, custom fonts from `fontsource:` names (mapped by `toGolden` first). */
export function goldenFontSource(toGolden: (source: string) => string = (source) => source): FontSource {
  const serverFonts = fileFontSource();
  return {
    catalogueFont: (file, signal) => serverFonts.catalogueFont(file, signal),
    customFont: (url) => readGoldenFont(toGolden(url)),
  };
}

/** Every case folder, sorted. */
export function goldenCases(): string[] {
  return readdirSync(GOLDEN_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** A case's request with its template. */
export function readGoldenCase(name: string): Record<string, unknown> {
  const dir = path.join(GOLDEN_DIR, name);
  const request = JSON.parse(readFileSync(path.join(dir, 'request.json'), 'utf8')) as Record<string, unknown>;
  request.template = readFileSync(path.join(dir, 'template.svg'), 'utf8');
  return request;
}
