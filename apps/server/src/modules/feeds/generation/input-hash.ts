/**
 * The content hash a creative is stored under (issue 5: "Each output is stored under a content hash of
 * everything that shapes it (the item fields the template uses, template version, slot features, input
 * image bytes), so an unchanged item is never rendered again and keeps its URL"). Pure.
 *
 * Only the metadata the template reads goes in (usedKeys), so a change to a field no layer shows (a
 * description, an extra column) keeps the hash and the stored ad.
 */
import { createHash } from 'node:crypto';
import { parseXml, type XmlElement } from '@adloom/renderer';
import { parseLayerId, placeholderKeys } from '@adloom/template';

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
