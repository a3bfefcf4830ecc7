/**
 * What ad generation and the builder's live preview draw from a client's brand kit (spec section 3
 * "Render request": inputs[].color, logos, additionalFiles.fonts), chosen once here so that both draw the
 * same ad: the first colour, the logos in order (the first whose file is stored is the `main` logo) and
 * the brand fonts.
 */
import type { FontFile } from '@adloom/renderer';
import { FONT_FAMILIES } from '@adloom/renderer/fonts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { brandKitItems } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { brandFontUrl } from './brand-kit.fonts.js';

/** A client's brand, as a render takes it. */
export interface BrandInputs {
  /** The brand colour (inputs[].color, for COLOR_PRIMARY layers): the first colour with a value, or null. */
  color: string | null;
  /** The logos an ad may take, oldest first: the first whose file is stored is the ad's `main` logo. */
  logos: { name: string; fileKey: string }[];
  /** The brand fonts a render request may name (not the catalogue's families), as additionalFiles.fonts. */
  fonts: (FontFile & { fontFamily: string })[];
}

/** Families of the renderer's font catalogue: a brand font of the same name is not a brand input. */
const CATALOGUE_FAMILIES = new Set(FONT_FAMILIES.map((family) => family.family));

/** The client's brand inputs: its colours, logos and fonts, oldest first. */
export async function brandInputsFor(
  deps: Pick<AppDeps, 'db' | 'config'>,
  clientId: string,
): Promise<BrandInputs> {
  const items = await deps.db
    .select({
      type: brandKitItems.type,
      name: brandKitItems.name,
      textContent: brandKitItems.textContent,
      fileKey: brandKitItems.fileKey,
      fontFileKey: brandKitItems.fontFileKey,
    })
    .from(brandKitItems)
    .where(and(eq(brandKitItems.clientId, clientId), inArray(brandKitItems.type, ['COLOR', 'LOGO', 'FONT'])))
    .orderBy(asc(brandKitItems.createdAt), asc(brandKitItems.id));
  return {
    color: items.find((item) => item.type === 'COLOR' && item.textContent)?.textContent ?? null,
    logos: items.flatMap((item) =>
      item.type === 'LOGO' && item.fileKey ? [{ name: item.name, fileKey: item.fileKey }] : [],
    ),
    fonts: items
      .filter((item) => item.type === 'FONT' && !CATALOGUE_FAMILIES.has(item.name))
      .map((item) => ({ fontUrl: brandFontUrl(deps.config, item), fontFamily: item.name })),
  };
}
