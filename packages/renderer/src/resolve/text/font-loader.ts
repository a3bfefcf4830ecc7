/**
 * Loads the fonts texts need through an injected FontSource (files on the server, fetch in the browser),
 * parses them with opentype.js once per process (FontCache), and gives each text its faces in lookup
 * order. All of it within one time limit (spec section 9: 9000 ms), after which 'Failed to load fonts'.
 */
import { LRUCache } from 'lru-cache';
import * as opentypeModule from 'opentype.js';
import type { Font } from 'opentype.js';
import { RENDERER, RENDERER_ERRORS } from '@adloom/template';
import type { CustomFont } from '../request.js';
import { RendererError } from '../errors.js';
import { SPACE_SEPARATOR } from './glyphs.js';
import {
  fallbackFontFiles,
  fontFileKey,
  primaryFontFiles,
  type FaceRequest,
  type FontFileRef,
} from './font-files.js';

// Node loads opentype.js's UMD build (its API under `default`); bundlers load the ESM build.
const opentype = (opentypeModule as unknown as { default?: typeof opentypeModule }).default ?? opentypeModule;

/** Where font bytes come from. The server reads files; the browser fetches fontAssetPath(…) and URLs. */
export interface FontSource {
  /** A catalogue file by its name (fontFileName), e.g. `Open Sans-700italic-cyrillic.ttf`. */
  catalogueFont(file: string, signal: AbortSignal): Promise<ArrayBuffer | Uint8Array>;
  /** A custom font from a request's additionalFiles.fonts[].fontUrl. */
  customFont(url: string, signal: AbortSignal): Promise<ArrayBuffer | Uint8Array>;
}

/** A parsed face and where it came from. */
export interface LoadedFace {
  key: string;
  font: Font;
}

/**
 * Parses TTF, OTF or WOFF bytes. WOFF2 is refused with a clear message: opentype.js 2 cannot decode it
 * (it needs a Brotli decoder and the WOFF2 table transforms).
 */
export function parseFont(bytes: ArrayBuffer | Uint8Array): Font {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const signature = String.fromCharCode(...view.subarray(0, 4));
  if (signature === 'wOF2') {
    throw new Error('WOFF2 fonts cannot be read here; upload the font as TTF, OTF or WOFF');
  }
  // opentype.js wants an ArrayBuffer holding exactly the font. A copy through Uint8Array, not
  // view.slice(): Node's Buffer#slice shares memory, and small Buffers live inside a shared pool.
  const buffer =
    view.byteOffset === 0 && view.byteLength === view.buffer.byteLength
      ? (view.buffer as ArrayBuffer)
      : (new Uint8Array(view).buffer as ArrayBuffer);
  return opentype.parse(buffer);
}

/** Parsed fonts by file key, shared between renders; the least recently used go past `capacity`. */
export class FontCache {
  private readonly entries: LRUCache<string, Promise<Font>>;

  constructor(readonly capacity = 96) {
    this.entries = new LRUCache({ max: capacity });
  }

  /** The cached font, or `load` it; a failed load is not kept, so the next render tries again. */
  get(key: string, load: () => Promise<Font>): Promise<Font> {
    const cached = this.entries.get(key);
    if (cached) return cached;
    const loading = load();
    this.entries.set(key, loading);
    loading.catch(() => {
      if (this.entries.peek(key) === loading) this.entries.delete(key);
    });
    return loading;
  }
}

const sharedCache = new FontCache();

/** What one text needs: its face request and the characters it draws. */
export interface TextFontNeed {
  request: FaceRequest;
  characters: string;
}

/** Options of loadTextFonts. */
export interface FontLoadOptions {
  source: FontSource;
  customFonts: readonly CustomFont[];
  warn: (message: string) => void;
  cache?: FontCache;
  /** Default: RENDERER.fontLoadTimeoutMs (9000). */
  timeoutMs?: number;
}

function describe(ref: FontFileRef): string {
  return ref.kind === 'catalogue' ? ref.file : `${ref.family} (${ref.url})`;
}

/**
 * Loads the faces of every text: primary files first, then default-family files for characters they
 * lack. Returns, per text, its faces in lookup order. Throws 'Failed to load fonts' when a file cannot
 * be loaded or parsed, or when everything takes longer than the time limit.
 */
export async function loadTextFonts(
  needs: readonly TextFontNeed[],
  options: FontLoadOptions,
): Promise<LoadedFace[][]> {
  const cache = options.cache ?? sharedCache;
  const timeoutMs = options.timeoutMs ?? RENDERER.fontLoadTimeoutMs;
  const controller = new AbortController();
  const load = (ref: FontFileRef): Promise<LoadedFace> => {
    const key = fontFileKey(ref);
    const font = cache.get(key, async () => {
      const bytes =
        ref.kind === 'catalogue'
          ? await options.source.catalogueFont(ref.file, controller.signal)
          : await options.source.customFont(ref.url, controller.signal);
      return parseFont(bytes);
    });
    return font.then(
      (loaded) => ({ key, font: loaded }),
      (error: unknown) => {
        const detail = error instanceof Error ? error.message : String(error);
        throw new RendererError(RENDERER_ERRORS.fontsFailed, `${describe(ref)}: ${detail}`, { cause: error });
      },
    );
  };
  const work = async (): Promise<LoadedFace[][]> => {
    const primary = await Promise.all(
      needs.map((need) =>
        Promise.all(
          primaryFontFiles(need.request, need.characters, options.customFonts, options.warn).map(load),
        ),
      ),
    );
    return Promise.all(
      needs.map(async (need, index) => {
        const faces = primary[index]!;
        const missing = [...new Set(need.characters)].filter(
          // Spaces a font lacks are drawn as plain spaces (see createShaper), so they need no fallback.
          (char) =>
            char.codePointAt(0)! >= 0x20 &&
            !SPACE_SEPARATOR.test(char) &&
            !faces.some((face) => face.font.charToGlyphIndex(char) > 0),
        );
        if (missing.length === 0) return faces;
        const fallback = fallbackFontFiles(need.request, missing);
        const known = new Set(faces.map((face) => face.key));
        const extra = await Promise.all(
          fallback.files.filter((ref) => !known.has(fontFileKey(ref))).map(load),
        );
        const all = [...faces, ...extra];
        const stillMissing = missing.filter(
          (char) => !all.some((face) => face.font.charToGlyphIndex(char) > 0),
        );
        if (stillMissing.length > 0) {
          options.warn(`No font has a glyph for ${stillMissing.map((char) => `'${char}'`).join(', ')}`);
        }
        return all;
      }),
    );
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new RendererError(RENDERER_ERRORS.fontsFailed, `the fonts did not load within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
