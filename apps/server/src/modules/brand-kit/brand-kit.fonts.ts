/**
 * Brand kit fonts where text is drawn: the builder's font list (the catalogue merged with the client's
 * fonts, spec section 3 "Font catalogue"), and the renderer's custom fonts (spec section 3 "Render
 * request": additionalFiles.fonts, each a fontUrl and a fontFamily). In the browser the renderer fetches
 * fontUrl (served at /files/, CORS open); on the server brandKitFontSource reads the same file from the
 * store instead of downloading it from itself.
 */
import { FONT_FAMILIES, type FontCategory, type FontFamily } from '@adloom/renderer/fonts';
import type { FontFile, FontSource } from '@adloom/renderer';
import { fileFontSource, MAX_FONT_BYTES } from '@adloom/renderer/server';
import type { AppDeps } from '../../deps.js';
import type { BrandKitItemRow } from '../../db/schema.js';
import { fileUrl, keyFromFileUrl, UPLOAD_TYPES } from '../uploads/index.js';
import { fontFaceFromText } from './brand-kit.files.js';
import { listOfKind } from './brand-kit.service.js';

/** The file a renderer loads for a brand font (a WOFF2 upload's decoded TrueType). */
export function brandFontUrl(
  config: AppDeps['config'],
  font: Pick<BrandKitItemRow, 'fileKey' | 'fontFileKey'>,
): string {
  return fileUrl(config, font.fontFileKey ?? font.fileKey ?? '');
}

/** The client's fonts as a render request's additionalFiles.fonts. */
export async function brandKitFontFiles(
  deps: Pick<AppDeps, 'db' | 'config'>,
  clientId: string,
): Promise<FontFile[]> {
  const fonts = await listOfKind(deps.db, clientId, 'FONT');
  return fonts.map((font) => ({ fontUrl: brandFontUrl(deps.config, font), fontFamily: font.name }));
}

/**
 * A FontSource for server renders of one client: catalogue files as usual, the client's own brand
 * fonts straight from the file store (no HTTP request to itself), any other custom font URL as the
 * renderer's default source fetches it.
 */
export function brandKitFontSource(
  deps: Pick<AppDeps, 'files' | 'config'>,
  clientId: string,
  fallback: FontSource = fileFontSource(),
): FontSource {
  const folder = `clients/${clientId}/${UPLOAD_TYPES.BRAND_KIT_FONT.folder}/`;
  return {
    catalogueFont: (file, signal) => fallback.catalogueFont(file, signal),
    async customFont(url, signal) {
      const key = keyFromFileUrl(deps.config, url);
      if (!key?.startsWith(folder)) return fallback.customFont(url, signal);
      const stored = await deps.files.get(key);
      if (!stored) throw new Error(`the brand font file ${key} is not stored`);
      if (stored.size > MAX_FONT_BYTES) {
        stored.stream.destroy();
        throw new Error(`the brand font file ${key} is larger than ${MAX_FONT_BYTES} bytes`);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of stored.stream)
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      return Buffer.concat(chunks);
    },
  };
}

/** Everything a server render needs to draw a client's brand fonts: the request's fonts and a source. */
export async function brandKitRenderFonts(
  deps: Pick<AppDeps, 'db' | 'files' | 'config'>,
  clientId: string,
): Promise<{ fonts: FontFile[]; source: FontSource }> {
  return { fonts: await brandKitFontFiles(deps, clientId), source: brandKitFontSource(deps, clientId) };
}

/** One entry of the builder's font list. */
export interface FontFamilyOption {
  family: string;
  category: FontCategory | null;
  weights: readonly number[];
  italicWeights: readonly number[];
  source: 'BRAND_KIT' | 'CATALOGUE';
  /** A brand font's file (catalogue files are at fontAssetPath(family, weight)). */
  fontUrl: string | null;
  brandKitItemId: string | null;
}

const catalogueOption = (family: FontFamily): FontFamilyOption => ({
  family: family.family,
  category: family.category,
  weights: family.weights,
  italicWeights: family.italicWeights,
  source: 'CATALOGUE',
  fontUrl: null,
  brandKitItemId: null,
});

/**
 * The builder's font list: the client's brand fonts first, each with the weight and style its file has
 * (read at upload; the file is drawn as it is whatever the text asks), then the catalogue families. A
 * brand font is listed as soon as it is created.
 */
export async function fontFamilyOptions(
  deps: Pick<AppDeps, 'db' | 'config'>,
  clientId: string,
): Promise<FontFamilyOption[]> {
  const fonts = await listOfKind(deps.db, clientId, 'FONT');
  return [
    ...fonts.map((font): FontFamilyOption => {
      const face = fontFaceFromText(font.textContent);
      return {
        family: font.name,
        category: null,
        weights: [face.weight],
        italicWeights: face.style === 'italic' ? [face.weight] : [],
        source: 'BRAND_KIT',
        fontUrl: brandFontUrl(deps.config, font),
        brandKitItemId: font.id,
      };
    }),
    ...FONT_FAMILIES.map(catalogueOption),
  ];
}
