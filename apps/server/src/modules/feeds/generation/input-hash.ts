/**
 * What shapes an ad, in one place (issue 5: "Each output is stored under a content hash of everything
 * that shapes it (the item fields the template uses, template version, slot features, input image
 * bytes), so an unchanged item is never rendered again and keeps its URL"). Pure. Two measures of it:
 *
 * - creativeInputHash, exact: the job's, with the bytes of the images; the output is stored under it.
 * - The refresh key (refreshPlan + refreshKeySql), cheap: the same ingredients with the images' URLs in
 *   place of their bytes, computed by the database for every item of a feed in one statement, so a
 *   refresh sends jobs only for the items whose key moved. The job writes the key of what it read with
 *   the same expression, so the two cannot drift apart. Bytes changed behind an unchanged URL are the
 *   image recheck's part (image-recheck.ts).
 *
 * Only the metadata the template reads goes in (usedKeys), so a change to a field no layer shows (a
 * description, an extra column) keeps the hash, the key and the stored ad.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { parseProductSetFilter, type ProductSetFilter } from '@adloom/commerce';
import { parseXml, type XmlElement } from '@adloom/renderer';
import { FONT_FAMILIES } from '@adloom/renderer/fonts';
import { parseLayerId, placeholderKeys } from '@adloom/template';
import {
  catalogItems,
  type CatalogItemRow,
  type FeedDesignRow,
  type TemplateVersionRow,
} from '../../../db/schema.js';
import type { BrandInputs } from '../../brand-kit/index.js';
import { filterToSql } from '../../catalogs/index.js';
import { metadataColumns, saleTurnsAt, TIME_DEPENDENT_KEYS } from './metadata.js';

/**
 * Bumped when generation itself changes in a way that changes pixels (slot-feature algorithms, the
 * metadata mapping), so every stored creative is made again once.
 */
export const GENERATION_VERSION = 1;

/** What a template reads besides its images. */
export interface TemplateUses {
  /** Metadata keys, sorted. */
  keys: string[];
  /** A plain COLOR_PRIMARY layer: it takes inputs[0].color (the brand colour). */
  inputColor: boolean;
  /** Layers whose id starts with logo (any case): they need additionalFiles.logos. */
  logoLayers: boolean;
  /** The font families its elements name (the first of each font-family list), sorted: brand fonts among them are inputs. */
  fontFamilies: string[];
}

/** The first family of a CSS font-family list, without quotes. */
function firstFamily(list: string): string | undefined {
  const first = list
    .split(',')[0]!
    .trim()
    .replace(/^(['"])(.*)\1$/, '$2')
    .trim();
  return first === '' ? undefined : first;
}

const PRICE_VARIANT = /^(price|sale_price|price_delta)_(round|floor|super|dot)$/;

/**
 * The metadata keys a placeholder key reads: the key itself (a value under that name wins over a derived
 * one) and, for derived keys, their sources: price_delta ← price, sale_price; price_super ← price;
 * sale_price_dot ← sale_price; price_delta_round ← price_delta, price, sale_price.
 */
export function placeholderSources(key: string): string[] {
  const base = key === 'price_delta' ? key : PRICE_VARIANT.exec(key)?.[1];
  if (base === undefined) return [key];
  const sources = [key, base];
  if (base === 'price_delta') sources.push('price', 'sale_price');
  return [...new Set(sources)];
}

function localName(node: XmlElement): string {
  return node.name.slice(node.name.indexOf(':') + 1);
}

function visit(node: XmlElement, each: (node: XmlElement) => void): void {
  each(node);
  for (const child of node.children) if (child.type === 'element') visit(child, each);
}

/**
 * What a template reads (template-format.md sections 2 and 3): the placeholders of its texts' `title`
 * template strings with derived keys mapped to their sources; is_sale when a SALE layer exists; the
 * stock flags when their layers exist; rating_value and the scale when a RATING layer exists; the
 * metadata source of each COLOR_PRIMARY:<key>. Layers are read with parseLayerId, so legacy ids
 * (`sale…`, `STOCK_LEVEL_LESS_THAN_10…`) count as the renderer counts them. Throws the renderer's
 * 'could not parse the template!' for text that is not XML.
 */
export function templateUses(templateString: string): TemplateUses {
  const keys = new Set<string>();
  let inputColor = false;
  let logoLayers = false;
  const families = new Set<string>();
  visit(parseXml(templateString), (node) => {
    const declared = [
      node.attributes['font-family'],
      /(?:^|;)\s*font-family\s*:\s*([^;]+)/i.exec(node.attributes.style ?? '')?.[1],
    ];
    for (const list of declared) {
      const family = list === undefined ? undefined : firstFamily(list);
      if (family) families.add(family);
    }
    const title = node.attributes.title;
    if (localName(node) === 'text' && title !== undefined) {
      for (const key of placeholderKeys(title))
        for (const source of placeholderSources(key)) keys.add(source);
    }
    const id = node.attributes.id;
    if (id === undefined) return;
    if (/^logo/i.test(id)) logoLayers = true;
    const info = parseLayerId(id);
    if (info.kind === 'rating') {
      keys.add('rating_value').add('rating_scale_min').add('rating_scale_max');
    } else if (info.kind === 'flags') {
      if (info.sale) keys.add('is_sale');
      if (info.stockLevelLessThan10) keys.add('stock_level_less_than_10');
      if (info.stockLevelLessThan50) keys.add('stock_level_less_than_50');
      if (info.color?.source) keys.add(info.color.source);
      else if (info.color) inputColor = true;
    } else if (info.kind === 'legacy') {
      if (info.role === 'sale') keys.add('is_sale');
      if (info.role === 'stockLevelLessThan10') keys.add('stock_level_less_than_10');
      if (info.role === 'stockLevelLessThan50') keys.add('stock_level_less_than_50');
    }
  });
  return { keys: [...keys].sort(), inputColor, logoLayers, fontFamilies: [...families].sort() };
}

/** The metadata keys the template reads (templateUses), sorted. */
export function usedKeys(templateString: string): string[] {
  return templateUses(templateString).keys;
}

/** The part of `metadata` under `keys`; keys without a value are left out. */
export function pickMetadata(
  metadata: Readonly<Record<string, string>>,
  keys: readonly string[],
): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const key of keys) if (Object.hasOwn(metadata, key)) picked[key] = metadata[key] as string;
  return picked;
}

/** Everything that shapes a creative. */
export interface CreativeInputs {
  templateVersionId: string;
  /** The item's metadata under the template's usedKeys. */
  usedMetadata: Readonly<Record<string, string>>;
  /** Per slot id, the effective features (the template's own, overridden by the design's). */
  slotFeatures: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** sha256 hex of each input image's bytes as downloaded, in slot order. */
  imageHashes: readonly string[];
  /** Output format and its settings, e.g. 'jpeg;q=90'. */
  format: string;
  /**
   * Brand inputs the template uses: inputs[0].color, sha256 hex of each logo's bytes by key, and the file
   * URL of each brand font by family (a new upload has a new URL).
   */
  brand?: {
    color?: string | null;
    logos?: Readonly<Record<string, string>>;
    fonts?: Readonly<Record<string, string>>;
  };
}

/** JSON with object keys sorted at every level, so equal inputs always give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** sha256 hex of a creative's inputs (canonical JSON, with GENERATION_VERSION). */
export function creativeInputHash(inputs: CreativeInputs): string {
  const text = canonicalJson({
    generation: GENERATION_VERSION,
    templateVersionId: inputs.templateVersionId,
    usedMetadata: inputs.usedMetadata,
    slotFeatures: inputs.slotFeatures,
    imageHashes: inputs.imageHashes,
    format: inputs.format,
    brand: {
      color: inputs.brand?.color ?? null,
      logos: inputs.brand?.logos ?? {},
      // Only when there are some, so the hashes of ads without brand fonts stay as they were.
      ...(inputs.brand?.fonts && Object.keys(inputs.brand.fonts).length > 0
        ? { fonts: inputs.brand.fonts }
        : {}),
    },
  });
  return createHash('sha256').update(text).digest('hex');
}

/** sha256 hex of bytes (an input image, a logo). */
export function bytesHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Families of the renderer's font catalogue: a template naming only these needs no brand font. */
export const CATALOGUE_FAMILIES: ReadonlySet<string> = new Set(FONT_FAMILIES.map((family) => family.family));

/** templateUses of a version, worked out once per version row (the rows come from a cache). */
const usesCache = new WeakMap<TemplateVersionRow, TemplateUses | { error: unknown }>();

/** What a template version reads, or `{ error }` when its template is not XML. */
export function versionUses(version: TemplateVersionRow): TemplateUses | { error: unknown } {
  let uses = usesCache.get(version);
  if (!uses) {
    try {
      uses = templateUses(version.templateString);
    } catch (error) {
      uses = { error };
    }
    usesCache.set(version, uses);
  }
  return uses;
}

/** A feed design as the refresh key reads it. */
export type RefreshDesign = Pick<FeedDesignRow, 'id' | 'templateVersionId' | 'slotFeatures' | 'itemFilter'>;

/**
 * A feed's part of the refresh key, worked out once per feed (refreshPlan). An item's key is
 * md5(designsKey, the item's columns under readKeys, its match of each design's filter, its image URLs).
 */
export interface RefreshPlan {
  /**
   * sha256 of what the designs bring, for every item alike: GENERATION_VERSION, the output format, each
   * design in order (its id, template version, slot features and item filter) and the brand inputs their
   * templates use (the colour, the logos' files, the brand fonts' URLs).
   */
  designsKey: string;
  /** The metadata keys any design's template reads, sorted: which design an item takes is the job's choice. */
  readKeys: string[];
  /** Each design's item filter in design order (null: no filter, or one that does not parse). */
  filters: (ProductSetFilter | null)[];
}

/**
 * The refresh plan of a feed's designs (in their order). `brand` is called only when a template uses the
 * brand colour, a logo or a font outside the catalogue.
 */
export async function refreshPlan(input: {
  designs: readonly RefreshDesign[];
  versions: ReadonlyMap<string, TemplateVersionRow>;
  /** Output format and its settings, as creativeInputHash takes it. */
  format: string;
  brand: () => Promise<BrandInputs>;
}): Promise<RefreshPlan> {
  const readKeys = new Set<string>();
  const needs = { color: false, logo: false, families: new Set<string>() };
  const designs = input.designs.map((design) => {
    const version = input.versions.get(design.templateVersionId);
    const uses = version ? versionUses(version) : { error: 'no such version' };
    if (!('error' in uses)) {
      for (const key of uses.keys) readKeys.add(key);
      needs.color ||= uses.inputColor;
      needs.logo ||= uses.logoLayers;
      for (const family of uses.fontFamilies) if (!CATALOGUE_FAMILIES.has(family)) needs.families.add(family);
    }
    let filter: ProductSetFilter | null = null;
    let filterError = false;
    try {
      filter = design.itemFilter === null ? null : parseProductSetFilter(design.itemFilter);
    } catch {
      filterError = true;
    }
    return {
      part: {
        id: design.id,
        templateVersionId: design.templateVersionId,
        // A version that cannot be read fails its items: they are sent again by every refresh anyway.
        readable: !('error' in uses),
        slotFeatures: design.slotFeatures,
        itemFilter: design.itemFilter,
        filterError,
      },
      filter,
    };
  });
  const brand =
    needs.color || needs.logo || needs.families.size > 0
      ? await input.brand()
      : { color: null, logos: [], fonts: [] };
  const designsKey = createHash('sha256')
    .update(
      canonicalJson({
        generation: GENERATION_VERSION,
        format: input.format,
        designs: designs.map((design) => design.part),
        brand: {
          color: needs.color ? brand.color : null,
          // Every logo's file, not only the first stored one the job takes: one more item sent, never one less.
          logos: needs.logo ? brand.logos.map((logo) => logo.fileKey) : [],
          fonts: Object.fromEntries(
            brand.fonts
              .filter((font) => needs.families.has(font.fontFamily))
              .map((font) => [font.fontFamily, font.fontUrl]),
          ),
        },
      }),
    )
    .digest('hex');
  return { designsKey, readKeys: [...readKeys].sort(), filters: designs.map((design) => design.filter) };
}

type CatalogItemsTable = typeof catalogItems;

/**
 * An item's refresh key as an SQL expression over a catalog_items row (`items`, catalogItems or an
 * alias): md5 of the plan's designsKey and the row's text of the columns its read keys are made from
 * (metadataColumns; an `extra` field for the other keys), its match of each design's item filter
 * (filterToSql, the product sets' own rule) and its image columns, whole (how many images there are
 * decides the design). Times go in as epoch seconds, so the session's time zone cannot change a key.
 */
export function refreshKeySql(plan: RefreshPlan, items: CatalogItemsTable = catalogItems): SQL {
  const columns = new Set<keyof CatalogItemRow>(['imageLink', 'additionalImageLinks']);
  const extras: string[] = [];
  for (const key of plan.readKeys) {
    const made = metadataColumns(key);
    if (made) for (const column of made) columns.add(column);
    else extras.push(key);
  }
  const parts: SQL[] = [...columns].sort().map((name) => {
    const column = items[name as keyof CatalogItemsTable] as (typeof items)['title'];
    return column.getSQLType().startsWith('timestamp') ? sql`extract(epoch from ${column})` : sql`${column}`;
  });
  for (const key of extras) parts.push(sql`${items.extra} -> ${key}::text`);
  for (const filter of plan.filters) parts.push(filter ? filterToSql(filter, items) : sql`null::boolean`);
  return sql`md5(${plan.designsKey}::text || row(${sql.join(parts, sql`, `)})::text)`;
}

/**
 * When an item's ad goes out of date by the clock alone (a sale starting or ending, saleTurnsAt) for a
 * feed whose templates read the sale; null when it does not. A refresh sends the item again from then on.
 */
export function refreshStaleAt(
  plan: RefreshPlan,
  item: Parameters<typeof saleTurnsAt>[0],
  now: Date,
): Date | null {
  return plan.readKeys.some((key) => TIME_DEPENDENT_KEYS.includes(key)) ? saleTurnsAt(item, now) : null;
}
