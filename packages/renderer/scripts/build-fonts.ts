// Builds the catalogue fonts: every @fontsource package in the renderer's package.json is decoded from
// WOFF to TTF (resvg reads TTF and OTF only) into dist/fonts/, one file per weight, style and unicode
// subset, with catalogue.json beside them and the licences under licenses/. It also regenerates
// src/fonts/catalogue.data.ts, the same catalogue as importable data (commit it when it changes).
// Incremental: a family is decoded again only when its package, this script or the decoder changed.
// Run: `npm run build -w @adloom/renderer`.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  DEFAULT_FONT_SUBSET,
  FONT_WEIGHTS,
  fontCatalogueDocument,
  fontFaceFiles,
  type FontCategory,
  type FontFaceFile,
  type FontFamily,
  type FontWeight,
} from '../src/fonts/font-files.js';
import { woffToSfnt } from './woff.js';

const rendererDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const CATEGORIES: readonly FontCategory[] = ['sans-serif', 'serif', 'display', 'handwriting', 'monospace'];
const TRUETYPE = new Set([0x00010000, 0x74727565]); // 1.0 and 'true'

export const DEFAULT_FONTS_OUT_DIR = path.join(rendererDir, 'dist', 'fonts');
export const CATALOGUE_DATA_FILE = path.join(rendererDir, 'src', 'fonts', 'catalogue.data.ts');

/** A catalogue family with where its files come from. */
export interface SourceFamily {
  family: FontFamily;
  packageName: string;
  packageDir: string;
  /** Changes whenever the package's files or the way they are decoded change. */
  buildKey: string;
  /** Newest modification time of the package's metadata and files directory. */
  sourceMtimeMs: number;
  faces: (FontFaceFile & { woff: string })[];
}

interface FontsourceMetadata {
  id: string;
  family: string;
  subsets: string[];
  category: string;
  license: { type: string };
}

interface Manifest {
  families: Record<string, string>;
  dataHash?: string;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const sha1 = (text: string | Buffer) => createHash('sha1').update(text).digest('hex');

/** The @fontsource packages the renderer depends on: the catalogue's family list. */
export function fontPackageNames(): string[] {
  const pkg = readJson<{ dependencies?: Record<string, string> }>(path.join(rendererDir, 'package.json'));
  return Object.keys(pkg.dependencies ?? {}).filter((name) => name.startsWith('@fontsource/'));
}

/** Reads one installed @fontsource package into a catalogue family, checking what the catalogue assumes. */
export function readFontPackage(packageName: string, decoderKey = decoderVersion()): SourceFamily {
  const packageJson = require.resolve(`${packageName}/package.json`);
  const packageDir = path.dirname(packageJson);
  const pkg = readJson<{ version: string; publishHash?: string }>(packageJson);
  const meta = readJson<FontsourceMetadata>(path.join(packageDir, 'metadata.json'));
  const fail = (why: string) => new Error(`${packageName}: ${why}`);
  if (!CATEGORIES.includes(meta.category as FontCategory)) throw fail(`unknown category ${meta.category}`);
  if (!meta.subsets.includes(DEFAULT_FONT_SUBSET)) throw fail('no latin subset');

  const filesDir = path.join(packageDir, 'files');
  const found = new Map<string, Set<string>>(); // "<weight>-<style>" → subsets
  for (const name of readdirSync(filesDir)) {
    if (!name.endsWith('.woff')) continue;
    const match = /^(.+)-(\d+)-(normal|italic)\.woff$/.exec(name.slice(meta.id.length + 1));
    if (!name.startsWith(`${meta.id}-`) || !match) throw fail(`unexpected file ${name}`);
    const [, subset, weight, style] = match as unknown as [string, string, string, string];
    if (!meta.subsets.includes(subset)) throw fail(`file ${name} has an unlisted subset`);
    if (!FONT_WEIGHTS.includes(Number(weight) as FontWeight)) throw fail(`file ${name} has weight ${weight}`);
    const key = `${weight}-${style}`;
    found.set(key, (found.get(key) ?? new Set()).add(subset));
  }
  // The catalogue lists subsets per family, so every weight and style must have all of them.
  for (const [key, subsets] of found)
    if (subsets.size !== meta.subsets.length) throw fail(`${key} lacks some of ${meta.subsets.join(', ')}`);
  const weightsOf = (style: string) =>
    [...found.keys()]
      .filter((k) => k.endsWith(`-${style}`))
      .map((k) => Number.parseInt(k, 10) as FontWeight)
      .sort((a, b) => a - b);

  const family: FontFamily = {
    family: meta.family,
    category: meta.category as FontCategory,
    weights: weightsOf('normal'),
    italicWeights: weightsOf('italic'),
    subsets: [...meta.subsets].sort(
      (a, b) => Number(b === DEFAULT_FONT_SUBSET) - Number(a === DEFAULT_FONT_SUBSET) || a.localeCompare(b),
    ),
    license: meta.license.type,
    source: `${packageName}@${pkg.version}`,
  };
  if (family.weights.length === 0) throw fail('no upright weight');
  const faces = fontFaceFiles(family).map((face) => ({
    ...face,
    woff: path.join(
      filesDir,
      `${meta.id}-${face.subset}-${face.weight}-${face.italic ? 'italic' : 'normal'}.woff`,
    ),
  }));
  return {
    family,
    packageName,
    packageDir,
    buildKey: `${family.source}#${pkg.publishHash ?? ''}#${decoderKey}`,
    sourceMtimeMs: Math.max(statSync(packageJson).mtimeMs, statSync(filesDir).mtimeMs),
    faces,
  };
}

/** Changes when this script or the decoder changes, so that outputs are rebuilt. */
function decoderVersion(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return sha1(['build-fonts.ts', 'woff.ts'].map((f) => readFileSync(path.join(here, f), 'utf8')).join('\0'));
}

/** Unicode ranges per subset; fontsource uses the same ranges for a subset in every family. */
function subsetRanges(sources: readonly SourceFamily[]): Record<string, string> {
  const ranges: Record<string, string> = {};
  for (const source of sources) {
    const unicode = readJson<Record<string, string>>(path.join(source.packageDir, 'unicode.json'));
    for (const subset of source.family.subsets) {
      const range = unicode[subset];
      if (!range) throw new Error(`${source.packageName}: no unicode range for ${subset}`);
      if (ranges[subset] !== undefined && ranges[subset] !== range)
        throw new Error(`${source.packageName}: subset ${subset} has a range other families do not`);
      ranges[subset] = range;
    }
  }
  return Object.fromEntries(Object.entries(ranges).sort(([a], [b]) => a.localeCompare(b)));
}

function catalogueDataSource(families: readonly FontFamily[], ranges: Record<string, string>): string {
  return `// Generated by scripts/build-fonts.ts from the @fontsource packages in package.json: do not edit.
// After adding or upgrading a font package run \`npm run build -w @adloom/renderer\` and commit this file.
import type { FontFamily } from './font-files.js';

/** CSS unicode-range of each subset. */
export const FONT_SUBSET_RANGES: Readonly<Record<string, string>> = ${JSON.stringify(ranges)};

/** The catalogue families, by name. */
export const FONT_FAMILIES: readonly FontFamily[] = ${JSON.stringify(families)};
`;
}

async function formatTypeScript(text: string, file: string): Promise<string> {
  const prettier = await import('prettier');
  const options = await prettier.resolveConfig(file);
  return prettier.format(text, { ...options, filepath: file });
}

/** The catalogue families of the installed packages, sorted by name, with the subsets' unicode ranges. */
export function readCatalogueSources(packageNames = fontPackageNames()) {
  const decoderKey = decoderVersion();
  const sources = packageNames
    .map((name) => readFontPackage(name, decoderKey))
    .sort((a, b) => a.family.family.localeCompare(b.family.family, 'en'));
  return { sources, ranges: subsetRanges(sources) };
}

/** The text catalogue.data.ts should have for the installed packages (formatted). */
export async function expectedCatalogueData(): Promise<string> {
  const { sources, ranges } = readCatalogueSources();
  const raw = catalogueDataSource(
    sources.map((s) => s.family),
    ranges,
  );
  return formatTypeScript(raw, CATALOGUE_DATA_FILE);
}

/** Writes through a temporary file, so that a reader (or a second build) never sees half a file. */
function writeAtomically(file: string, data: string | Uint8Array) {
  const temp = `${file}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  writeFileSync(temp, data);
  renameSync(temp, file);
}

export interface BuildFontsOptions {
  /** Only these packages (for tests); the default is every @fontsource dependency. */
  packageNames?: string[];
  outDir?: string;
  /** Where to regenerate the catalogue data module; false to leave it alone. */
  dataFile?: string | false;
  log?: (line: string) => void;
}

export interface BuildFontsResult {
  families: number;
  files: number;
  decoded: number;
  removed: number;
  dataFileUpdated: boolean;
  ms: number;
}

/** Decodes what is missing or stale into the output directory and removes files no family has any more. */
export async function buildFonts(options: BuildFontsOptions = {}): Promise<BuildFontsResult> {
  const started = performance.now();
  const outDir = options.outDir ?? DEFAULT_FONTS_OUT_DIR;
  const dataFile = options.dataFile ?? CATALOGUE_DATA_FILE;
  const licensesDir = path.join(outDir, 'licenses');
  mkdirSync(licensesDir, { recursive: true });
  const manifestFile = path.join(outDir, '.build.json');
  const manifest: Manifest = existsSync(manifestFile) ? readJson<Manifest>(manifestFile) : { families: {} };
  const manifestMtimeMs = existsSync(manifestFile) ? statSync(manifestFile).mtimeMs : 0;
  const { sources, ranges } = readCatalogueSources(options.packageNames);
  const existing = new Set(readdirSync(outDir));

  const next: Manifest = { families: {}, dataHash: manifest.dataHash };
  let decoded = 0;
  for (const source of sources) {
    const { family } = source;
    const license = `${family.family}.txt`;
    const upToDate =
      manifest.families[source.packageName] === source.buildKey &&
      manifestMtimeMs >= source.sourceMtimeMs &&
      existsSync(path.join(licensesDir, license)) &&
      source.faces.every((face) => existing.has(face.file));
    if (!upToDate) {
      for (const face of source.faces) {
        const ttf = woffToSfnt(readFileSync(face.woff));
        if (!TRUETYPE.has(ttf.readUInt32BE(0)))
          throw new Error(`${face.woff} is not TrueType-flavoured; the catalogue serves .ttf files only`);
        writeAtomically(path.join(outDir, face.file), ttf);
        decoded += 1;
      }
      copyFileSync(path.join(source.packageDir, 'LICENSE'), path.join(licensesDir, license));
    }
    next.families[source.packageName] = source.buildKey;
  }

  const families = sources.map((s) => s.family);
  const expected = new Set(sources.flatMap((s) => s.faces.map((face) => face.file)));
  const removed = removeStale(outDir, (name) => !name.endsWith('.ttf') || expected.has(name));
  removeStale(licensesDir, (name) => families.some((f) => `${f.family}.txt` === name));

  const catalogueJson = `${JSON.stringify(fontCatalogueDocument(families, ranges), null, 2)}\n`;
  const catalogueFile = path.join(outDir, 'catalogue.json');
  if (!existsSync(catalogueFile) || readFileSync(catalogueFile, 'utf8') !== catalogueJson)
    writeAtomically(catalogueFile, catalogueJson);

  // Formatting needs prettier, which is slow to load: only when the data changed.
  let dataFileUpdated = false;
  if (dataFile) {
    const raw = catalogueDataSource(families, ranges);
    next.dataHash = sha1(raw);
    if (next.dataHash !== manifest.dataHash || !existsSync(dataFile)) {
      const formatted = await formatTypeScript(raw, dataFile);
      if (!existsSync(dataFile) || readFileSync(dataFile, 'utf8') !== formatted) {
        writeAtomically(dataFile, formatted);
        dataFileUpdated = true;
      }
    }
  }
  if (decoded > 0 || removed > 0 || JSON.stringify(next) !== JSON.stringify(manifest))
    writeAtomically(manifestFile, `${JSON.stringify(next, null, 2)}\n`);

  const result: BuildFontsResult = {
    families: sources.length,
    files: expected.size,
    decoded,
    removed,
    dataFileUpdated,
    ms: Math.round(performance.now() - started),
  };
  options.log?.(
    `fonts: ${result.families} families, ${result.files} files (${decoded} decoded, ${removed} removed) ` +
      `in ${(result.ms / 1000).toFixed(1)} s → ${path.relative(process.cwd(), outDir) || '.'}` +
      (dataFileUpdated ? `; updated ${path.relative(process.cwd(), dataFile as string)}: commit it` : ''),
  );
  return result;
}

/** Removes files the build no longer produces, and temporary files a crashed build left behind. */
function removeStale(dir: string, keep: (name: string) => boolean): number {
  let removed = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(dir, entry.name);
    const abandoned = entry.name.includes('.tmp-') && Date.now() - statSync(file).mtimeMs > 10 * 60_000;
    if (entry.name.includes('.tmp-') ? !abandoned : keep(entry.name)) continue;
    unlinkSync(file);
    removed += 1;
  }
  return removed;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await buildFonts({ log: (line) => console.log(line) });
}
