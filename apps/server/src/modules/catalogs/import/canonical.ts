/**
 * The canonical catalogue item of issue 5 and the pure rules that turn one feed row into it: which
 * source column feeds which field (aliases, the user's column mapping), how values are read
 * (availability, condition, prices, the sale period, numbers), why a row is rejected, and the content
 * hash that tells an import which items changed. No I/O here; parse.ts yields the rows.
 */
import { createHash } from 'node:crypto';
import {
  formatCents,
  itemIssues,
  META_AVAILABILITIES,
  type MetaAvailability,
  parsePrice,
  PriceError,
  type ItemIssueCode,
  type Price,
} from '@adloom/commerce';
import { hasXmlInvalidChars, stripXmlInvalidChars, xmlInvalidCharNames } from '@adloom/template';
import { collectNested, type NestedFields } from './meta-nested.js';

/** The canonical fields, in the order the templates and the mapping screen list them. */
export const CANONICAL_FIELDS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'sale_price',
  'sale_price_effective_date',
  'link',
  'image_link',
  'additional_image_link',
  'brand',
  'item_group_id',
  'product_type',
  'google_product_category',
  'custom_label_0',
  'custom_label_1',
  'custom_label_2',
  'custom_label_3',
  'custom_label_4',
  'rating',
  'review_count',
  'inventory',
] as const;
export type CanonicalField = (typeof CANONICAL_FIELDS)[number];

/** What a column mapping may send a source column to: a canonical field, or nowhere. */
export const IGNORE_COLUMN = 'ignore';
export type ColumnTarget = CanonicalField | typeof IGNORE_COLUMN;

const CANONICAL_SET: ReadonlySet<string> = new Set(CANONICAL_FIELDS);

/** True for a canonical field name (exact spelling). */
export function isCanonicalField(name: string): name is CanonicalField {
  return CANONICAL_SET.has(name);
}

/**
 * Other names of the canonical fields, compared after {@link normalizeColumnName}. Kept conservative:
 * only names that mean the field in Google's or Meta's specifications or in the exports of the big
 * shop systems, never a name that often means something else (`sku` and `name` are left to the
 * mapping screen: a SKU is often not the item id, and `name` is as often a brand or a variant name).
 */
export const COLUMN_ALIASES: Readonly<Record<CanonicalField, readonly string[]>> = {
  id: ['item_id', 'offer_id'],
  title: ['product_title', 'product_name'],
  // Atom's <summary> is where Google's Atom example puts the description.
  description: ['product_description', 'summary', 'content'],
  availability: [],
  condition: [],
  price: [],
  sale_price: [],
  sale_price_effective_date: [],
  link: ['product_link', 'product_url'],
  image_link: ['image_url', 'image'],
  additional_image_link: ['additional_image_links', 'additional_image_url', 'additional_image_urls'],
  brand: [],
  item_group_id: [],
  product_type: [],
  google_product_category: [],
  custom_label_0: [],
  custom_label_1: [],
  custom_label_2: [],
  custom_label_3: [],
  custom_label_4: [],
  rating: ['product_rating', 'average_rating'],
  review_count: ['reviews_count', 'number_of_reviews', 'product_review_count'],
  // Meta's name for the stock it may sell.
  inventory: ['quantity_to_sell_on_facebook', 'quantity'],
};

const GOOGLE_PREFIX = 'g:';

/**
 * The comparable form of a column name: trimmed, lower case, Google's `g:` prefix dropped, spaces,
 * hyphens and dots as underscores (`G:Image-Link` and `image link` both give `image_link`).
 */
export function normalizeColumnName(name: string): string {
  let n = name.trim().toLowerCase();
  if (n.startsWith(GOOGLE_PREFIX)) n = n.slice(GOOGLE_PREFIX.length);
  return n
    .replace(/[\s\-.]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
}

/**
 * The name an unknown column is kept under in `extra`: as written, without Google's `g:` prefix and
 * without characters XML cannot hold (it becomes a metadata key of the renderer).
 */
export function extraFieldName(name: string): string {
  const trimmed = stripXmlInvalidChars(name).trim();
  return trimmed.toLowerCase().startsWith(GOOGLE_PREFIX) ? trimmed.slice(GOOGLE_PREFIX.length) : trimmed;
}

/** How strongly a column claims its field; the lowest rank with a non-empty value wins. */
const RANK_MAPPED = 0;
const RANK_GOOGLE_EXACT = 1;
const RANK_EXACT = 2;
const RANK_ALIAS = 3;

const ALIAS_INDEX: ReadonlyMap<string, { field: CanonicalField; rank: number }> = new Map(
  CANONICAL_FIELDS.flatMap((field) =>
    COLUMN_ALIASES[field].map((alias, i) => [alias, { field, rank: RANK_ALIAS + i }] as const),
  ),
);

/** Where one source column goes: a canonical field with its rank, the extra fields, or nowhere. */
export type ColumnRoute =
  | { kind: 'field'; field: CanonicalField; rank: number }
  | { kind: 'extra'; name: string }
  | { kind: 'ignore' };

/**
 * Routes a source column. The user's mapping wins (matched on the exact name, then on the normalised
 * name); then the canonical name itself (`g:price` before `price` when a feed has both); then aliases.
 */
export function routeColumn(name: string, columnMapping: Readonly<Record<string, string>> = {}): ColumnRoute {
  const mapped = columnMapping[name] ?? mappedByNormalName(name, columnMapping);
  if (mapped !== undefined) {
    if (mapped === IGNORE_COLUMN) return { kind: 'ignore' };
    if (isCanonicalField(mapped)) return { kind: 'field', field: mapped, rank: RANK_MAPPED };
  }
  const normal = normalizeColumnName(name);
  if (isCanonicalField(normal)) {
    const google = name.trim().toLowerCase().startsWith(GOOGLE_PREFIX);
    return { kind: 'field', field: normal, rank: google ? RANK_GOOGLE_EXACT : RANK_EXACT };
  }
  const alias = ALIAS_INDEX.get(normal);
  if (alias) return { kind: 'field', ...alias };
  return { kind: 'extra', name: extraFieldName(name) };
}

function mappedByNormalName(
  name: string,
  columnMapping: Readonly<Record<string, string>>,
): string | undefined {
  const normal = normalizeColumnName(name);
  for (const [source, target] of Object.entries(columnMapping)) {
    if (normalizeColumnName(source) === normal) return target;
  }
  return undefined;
}

/** The problems of a column mapping, one sentence each (empty when it is valid). */
export function checkColumnMapping(columnMapping: Readonly<Record<string, string>>): string[] {
  return Object.entries(columnMapping).flatMap(([source, target]) =>
    target === IGNORE_COLUMN || isCanonicalField(target)
      ? []
      : [`Column “${source}” is mapped to “${target}”, which is not a catalogue field; choose one or ignore`],
  );
}

// ——— Values ———

/** Meta's availability values (its whole documented list), which the catalogue stores. */
export const AVAILABILITIES = META_AVAILABILITIES;
export type Availability = MetaAvailability;

/** Compact spellings (lower case, no space, underscore or hyphen) of every accepted availability. */
const AVAILABILITY_WORDS: Readonly<Record<string, Availability>> = {
  instock: 'in stock',
  available: 'in stock',
  outofstock: 'out of stock',
  soldout: 'out of stock',
  preorder: 'preorder',
  availablefororder: 'available for order',
  // Google's backorder: orderable now, shipped later, which is Meta's "available for order".
  backorder: 'available for order',
  discontinued: 'discontinued',
  // Meta's marketplace states: not yet sellable, and sold (the item stays listed as sold).
  pending: 'pending',
  markassold: 'mark_as_sold',
  sold: 'mark_as_sold',
  // schema.org's other ItemAvailability values, read as the nearest of Meta's.
  limitedavailability: 'in stock',
  onlineonly: 'in stock',
  instoreonly: 'in stock',
  madetoorder: 'available for order',
  presale: 'preorder',
};

/**
 * Reads an availability in Meta's, Google's or schema.org's spelling (`in stock`, `in_stock`, `InStock`,
 * `https://schema.org/InStock`), or returns undefined when it is none of them.
 */
export function normalizeAvailability(value: string): Availability | undefined {
  const word = compactWord(value.replace(/^https?:\/\/schema\.org\//i, ''));
  return AVAILABILITY_WORDS[word];
}

/** Conditions Meta accepts (Google's three are among them). */
export const CONDITIONS = [
  'new',
  'refurbished',
  'used',
  'used_like_new',
  'used_good',
  'used_fair',
  'cpo',
  'open_box_new',
] as const;
export type Condition = (typeof CONDITIONS)[number];

const CONDITION_WORDS: ReadonlyMap<string, Condition> = new Map([
  ...CONDITIONS.map((c) => [compactWord(c), c] as const),
  // schema.org's OfferItemCondition values.
  ['newcondition', 'new'],
  ['refurbishedcondition', 'refurbished'],
  ['usedcondition', 'used'],
  ['damagedcondition', 'used'],
]);

/** Reads a condition (`new`, `Used`, `used like new`, `https://schema.org/NewCondition`), or undefined. */
export function normalizeCondition(value: string): Condition | undefined {
  return CONDITION_WORDS.get(compactWord(value.replace(/^https?:\/\/schema\.org\//i, '')));
}

function compactWord(value: string): string {
  return value.toLowerCase().replace(/[\s_-]+/g, '');
}

/** Why a value could not be read; the row's reason names the column and the value around it. */
export class ValueError extends Error {
  override readonly name = 'ValueError';
}

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * Reads one end of a sale period: an ISO 8601 date or date-time, with `Z` or an offset such as `+0100`
 * or `-08:00`; no offset means UTC. A date alone is that day's start, or the next day's start when
 * `endOfDay` (so `2024-11-01/2024-11-30` includes the 30th).
 */
function parseInstant(text: string, endOfDay: boolean): Date | undefined {
  const m = ISO_INSTANT.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hasTime = h !== undefined;
  const ms = frac ? Math.round(Number(frac) * 1000) : 0;
  let time = Date.UTC(year, month - 1, day, Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), ms);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return undefined;
  if (hasTime && (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59)) return undefined;
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
    time -= sign * offset * 60_000;
  }
  if (!hasTime && endOfDay) time += 86_400_000;
  return new Date(time);
}

/** A sale period; either end may be open. */
export interface SalePeriod {
  start: Date | null;
  end: Date | null;
}

/**
 * Reads `sale_price_effective_date`, an ISO 8601 interval `start/end` (Google's and Meta's form, e.g.
 * `2024-11-01T00:00-0800/2024-11-30T23:59-0800`); one side may be empty. Throws a ValueError otherwise.
 */
export function parseSalePeriod(value: string): SalePeriod {
  const parts = value.trim().split('/');
  const hint = 'write start/end in ISO 8601, e.g. 2024-11-01T00:00Z/2024-11-30T23:59Z';
  if (parts.length !== 2) throw new ValueError(hint);
  const [startText = '', endText = ''] = parts;
  const start = startText.trim() === '' ? null : (parseInstant(startText, false) ?? 'bad');
  const end = endText.trim() === '' ? null : (parseInstant(endText, true) ?? 'bad');
  if (start === 'bad' || end === 'bad' || (start === null && end === null)) throw new ValueError(hint);
  if (start && end && end.getTime() < start.getTime())
    throw new ValueError('the period ends before it starts');
  return { start, end };
}

/** Reads a decimal number (`4.5`, `4,5`). */
function parseDecimal(value: string): number | undefined {
  const text = value.trim().replace(',', '.');
  if (!/^\d+(?:\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}

const MAX_INT = 2_147_483_647;

/** Reads a whole number that fits a 32-bit column (`12`, `12.0`, `1,200`, `1 200`). */
function parseCount(value: string): number | undefined {
  const text = value
    .trim()
    .replace(/[\s\u00a0\u202f,']/g, '')
    .replace(/\.0+$/, '');
  if (!/^\+?\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n <= MAX_INT ? n : undefined;
}

/** Where a URL starts in a list of them: the lookahead that splits `a.jpg|https://b.jpg` before `https`. */
const URL_START = String.raw`(?=(?:https?:)?\/\/)`;
const URL_LIST_SEPARATOR = new RegExp(String.raw`\s*[,;|]\s*${URL_START}|\s+${URL_START}`, 'i');

/**
 * Splits additional image links, in every form Meta and Google accept: repeated XML elements or columns
 * arrive as several values; one value may hold a list separated by commas, semicolons, pipes or spaces,
 * or a JSON list (of URLs, or of `{ "url": … }` objects). Between URLs a separator splits only where
 * the next URL starts, so a comma inside a URL's path stays.
 */
export function splitImageLinks(values: readonly string[]): string[] {
  const links: string[] = [];
  for (const value of values) {
    const text = value.trim();
    if (text === '') continue;
    const listed = jsonList(text);
    if (listed) {
      for (const entry of listed) {
        const link = typeof entry === 'string' ? entry : imageUrlOf(entry);
        if (link && link.trim() !== '') links.push(link.trim());
      }
      continue;
    }
    const parts = /^(?:https?:)?\/\//i.test(text) ? text.split(URL_LIST_SEPARATOR) : text.split(/[,;|]/);
    for (const part of parts) {
      const link = part.trim();
      if (link !== '') links.push(link);
    }
  }
  return links;
}

/** A JSON list written in a cell (`["a.jpg","b.jpg"]`), or undefined when the text is not one. */
function jsonList(text: string): unknown[] | undefined {
  if (!text.startsWith('[') || !text.endsWith(']')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The `url` of one of Meta's image objects (`{ "url": …, "tag": [...] }`). */
function imageUrlOf(entry: unknown): string | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const url = (entry as Record<string, unknown>).url;
  return typeof url === 'string' ? url : undefined;
}

/** At most `max` characters, cut with an ellipsis between code points (never inside a surrogate pair). */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}

// ——— Rows to items ———

/**
 * One row of a feed as parse.ts yields it: its 1-based number and its columns in order, `names[i]`
 * holding `values[i]` (a name may repeat: several image columns, repeated XML elements).
 */
export interface FeedRecord {
  row: number;
  names: readonly string[];
  values: readonly string[];
}

/** An item as the catalogue stores it, without the import it belongs to. */
export interface CatalogItem {
  itemId: string;
  title: string;
  description: string;
  availability: string;
  condition: string;
  priceAmount: number | null;
  currency: string | null;
  salePriceAmount: number | null;
  salePriceStart: Date | null;
  salePriceEnd: Date | null;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  brand: string;
  itemGroupId: string;
  productType: string;
  googleProductCategory: string;
  customLabel0: string;
  customLabel1: string;
  customLabel2: string;
  customLabel3: string;
  customLabel4: string;
  rating: number | null;
  reviewCount: number | null;
  inventory: number | null;
  /** Every other column, by its name: one value, or a list when the feed repeats the column. */
  extra: Record<string, ExtraValue>;
  /**
   * What Meta and Google would say of the item (codes of @adloom/commerce's ITEM_ISSUES), image size
   * aside: decided at import, where the feed's own values (a missing availability) are still known.
   */
  issues: ItemIssueCode[];
}

/** An extra field's value: repeated columns or XML elements keep every value, in order. */
export type ExtraValue = string | string[];

/** A change made to a value of a row that is kept, or a doubt about it: the source column and what. */
export interface ValueWarning {
  column: string;
  reason: string;
}

/** A row's item with the warnings about its values, or every reason the row is rejected. */
export type ItemResult =
  { item: CatalogItem; warnings: ValueWarning[] } | { rejected: string[]; id: string | null };

/**
 * Google's and Meta's own attributes the catalogue keeps as extra fields (under their name): known, so
 * the mapping screen does not ask about them. Compared after {@link normalizeColumnName}.
 */
const NETWORK_ATTRIBUTES: ReadonlySet<string> = new Set([
  'gtin',
  'mpn',
  'identifier_exists',
  'color',
  'size',
  'size_type',
  'size_system',
  'gender',
  'age_group',
  'material',
  'pattern',
  'shipping',
  'shipping_weight',
  'tax',
  'multipack',
  'is_bundle',
  'mobile_link',
  'tags',
]);

/** At most this many distinct unknown columns are listed; a feed with more is one with a broken header. */
const MAX_UNKNOWN_COLUMNS = 500;

export interface ItemMapperOptions {
  /** Source column → canonical field or 'ignore' (the catalogue's columnMapping). */
  columnMapping?: Readonly<Record<string, string>>;
  /** The catalogue's currency: prices written without one (Shopify's export) are in it. */
  currency?: string | null | undefined;
}

/** Turns the rows of one feed into items; remembers ids (for duplicates) and unknown columns. */
export interface ItemMapper {
  /** The row's item, or why the row is rejected. A second row with an id already seen is rejected. */
  toItem(record: FeedRecord): ItemResult;
  /** Columns no rule or mapping knew, kept as extra fields, in the order first seen. */
  unknownColumns(): string[];
}

/**
 * Builds the mapper of one import. It keeps every item id seen (about 60 bytes each) to reject
 * duplicates with the row that came first: the only state that grows with the feed.
 */
export function createItemMapper(options: ItemMapperOptions = {}): ItemMapper {
  const columnMapping = options.columnMapping ?? {};
  const currency = options.currency?.trim().toUpperCase() || null;
  const routes = new Map<string, ColumnRoute>();
  const unknown = new Set<string>();
  const seen = new Map<string, number>();

  const route = (name: string): ColumnRoute => {
    let found = routes.get(name);
    if (found === undefined) {
      found = routeColumn(name, columnMapping);
      routes.set(name, found);
      if (
        found.kind === 'extra' &&
        !NETWORK_ATTRIBUTES.has(normalizeColumnName(name)) &&
        unknown.size < MAX_UNKNOWN_COLUMNS
      )
        unknown.add(name);
    }
    return found;
  };

  return {
    toItem(record) {
      const result = recordToItem(record, route, currency);
      if ('rejected' in result) return result;
      const first = seen.get(result.item.itemId);
      if (first !== undefined) {
        return {
          rejected: [`Duplicate id ${result.item.itemId} (first seen at row ${first})`],
          id: result.item.itemId,
        };
      }
      seen.set(result.item.itemId, record.row);
      return result;
    },
    unknownColumns: () => [...unknown],
  };
}

/** Each canonical field's position in {@link CANONICAL_FIELDS}, to collect a row's values in arrays. */
const F = Object.fromEntries(CANONICAL_FIELDS.map((f, i) => [f, i])) as Record<CanonicalField, number>;

/** A row's best value for each canonical field (by index), the column it came from, and the rest. */
class Collected implements NestedFields {
  readonly values: (string | undefined)[] = new Array<string | undefined>(CANONICAL_FIELDS.length);
  readonly ranks: number[] = new Array<number>(CANONICAL_FIELDS.length).fill(Infinity);
  readonly columns: string[] = new Array<string>(CANONICAL_FIELDS.length);
  readonly additionalImages: string[] = [];
  /** Meta's `image` field: its pictures by index (the first is the main image when image_link is absent). */
  readonly images: string[] = [];
  /** Meta's additional_variant_attribute: label → value (`Scent` → `Fruity`). */
  readonly variantLabels: string[] = [];
  readonly variantValues: string[] = [];
  readonly warnings: ValueWarning[] = [];
  extra: Record<string, ExtraValue> = {};

  text(field: number): string {
    return this.values[field] ?? '';
  }

  has(field: number): boolean {
    return this.values[field] !== undefined;
  }

  addExtra(name: string, value: string): void {
    const before = this.extra[name];
    if (before === undefined) this.extra[name] = value;
    else if (typeof before === 'string') this.extra[name] = [before, value];
    else before.push(value);
  }
}

function collect(record: FeedRecord, route: (name: string) => ColumnRoute): Collected {
  const row = new Collected();
  const imageField = F.additional_image_link;
  const { names, values } = record;
  for (let i = 0; i < names.length; i += 1) {
    const name = names[i]!;
    const r = route(name);
    if (r.kind === 'ignore') continue;
    let value = (values[i] ?? '').trim();
    // XML exports and rendered SVGs cannot hold them (a vertical tab from a spreadsheet cell), nor
    // PostgreSQL text a NUL: the value is kept without them, and the report says so.
    if (hasXmlInvalidChars(value)) {
      row.warnings.push({ column: name, reason: removedCharsReason(value, name) });
      value = stripXmlInvalidChars(value).trim();
    }
    if (value === '') continue;
    if (r.kind === 'extra') {
      if (!collectNested(row, r.name, value)) row.addExtra(r.name, value);
      continue;
    }
    const index = F[r.field];
    if (index === imageField) {
      // Every column of the best rank contributes (repeated elements, several numbered columns).
      if (r.rank < row.ranks[index]!) {
        row.additionalImages.length = 0;
        row.ranks[index] = r.rank;
      }
      if (r.rank === row.ranks[index]) row.additionalImages.push(value);
      continue;
    }
    if (index === F.image_link && value.startsWith('[')) {
      // Meta's `image` column may hold its JSON form: [{"url": …, "tag": […]}, …].
      const links = splitImageLinks([value]);
      if (links.length > 0) {
        row.images.push(...links);
        continue;
      }
    }
    if (r.rank < row.ranks[index]!) {
      row.values[index] = value;
      row.ranks[index] = r.rank;
      row.columns[index] = name;
    } else if (r.rank === row.ranks[index] && value !== row.values[index]) {
      // Google allows several product_type values, and feeds repeat other fields by mistake: one is kept.
      const field = CANONICAL_FIELDS[index]!;
      row.warnings.push({
        column: name,
        reason: `A second ${field} “${shorten(value, 80)}” was dropped: the catalogue keeps one ${field} per item (“${shorten(row.text(index), 80)}”)`,
      });
    }
  }
  if (row.images.length > 0) {
    // The first of Meta's images is the main one unless image_link said otherwise; the rest are additional.
    const [first, ...rest] = row.images.filter((link) => link !== undefined && link !== '');
    if (first !== undefined && !row.has(F.image_link)) {
      row.values[F.image_link] = first;
      row.columns[F.image_link] = 'image[0].url';
    } else if (first !== undefined) rest.unshift(first);
    if (rest.length > 0 && row.ranks[imageField] === Infinity) row.additionalImages.push(...rest);
  }
  for (let i = 0; i < row.variantLabels.length; i += 1) {
    const label = row.variantLabels[i];
    const value = row.variantValues[i];
    if (label && value) row.addExtra(label, value);
  }
  return row;
}

/** The report's text for characters removed from a column's value. */
function removedCharsReason(value: string, column: string): string {
  const names = xmlInvalidCharNames(value);
  const what = names.length === 1 ? 'a character' : 'characters';
  return `Removed ${what} XML cannot hold (${names.join(', ')}) from column ${column}; the row is kept`;
}

function invalidValue(row: Collected, what: string, field: number, why: string): string {
  const shown = shorten(row.text(field), 80);
  return `Invalid ${what} “${shown}” in column ${row.columns[field]}: ${why}`;
}

function readPrice(row: Collected, field: number): Price | null | string {
  if (!row.has(field)) return null;
  try {
    return parsePrice(row.text(field));
  } catch (e) {
    if (e instanceof PriceError) return e.message;
    throw e;
  }
}

/** The rating scale of the renderer (spec: rating_scale_min 1, rating_scale_max 5). */
const RATING_MIN = 1;
const RATING_MAX = 5;

/**
 * Reads a rating (`4.5`, `4,5`, `9/10`): a value written over its own scale is brought to the 1–5 scale
 * the templates draw (`9/10` → 4.5). Undefined when it is not a number.
 */
function parseRating(value: string): { rating: number; scale: number | undefined } | undefined {
  const [text = '', scaleText] = value.trim().split('/');
  const rating = parseDecimal(text);
  if (rating === undefined) return undefined;
  if (scaleText === undefined) return { rating, scale: undefined };
  const scale = parseDecimal(scaleText);
  if (scale === undefined || scale <= 0) return undefined;
  return {
    rating: scale === RATING_MAX ? rating : Math.round((rating / scale) * RATING_MAX * 100) / 100,
    scale,
  };
}

function recordToItem(
  record: FeedRecord,
  route: (name: string) => ColumnRoute,
  catalogCurrency: string | null,
): ItemResult {
  const row = collect(record, route);
  const id = row.text(F.id);
  const errors: string[] = [];
  const warnings = row.warnings;
  if (id === '') errors.push('Missing id');

  let availability: Availability = 'in stock';
  if (row.has(F.availability)) {
    const a = normalizeAvailability(row.text(F.availability));
    if (a) availability = a;
    else
      errors.push(
        invalidValue(row, 'availability', F.availability, `use one of ${AVAILABILITIES.join(', ')}`),
      );
  }
  let condition: Condition = 'new';
  if (row.has(F.condition)) {
    const c = normalizeCondition(row.text(F.condition));
    if (c) condition = c;
    else errors.push(invalidValue(row, 'condition', F.condition, `use one of ${CONDITIONS.join(', ')}`));
  }

  let price = readPrice(row, F.price);
  if (typeof price === 'string') {
    errors.push(invalidValue(row, 'price', F.price, price));
    price = null;
  }
  let salePrice = readPrice(row, F.sale_price);
  if (typeof salePrice === 'string') {
    errors.push(invalidValue(row, 'sale price', F.sale_price, salePrice));
    salePrice = null;
  }
  if (price?.currency && salePrice?.currency && price.currency !== salePrice.currency) {
    const why = `its currency differs from the price’s (${price.currency})`;
    errors.push(invalidValue(row, 'sale price', F.sale_price, why));
  }

  let period: SalePeriod = { start: null, end: null };
  if (row.has(F.sale_price_effective_date)) {
    try {
      period = parseSalePeriod(row.text(F.sale_price_effective_date));
    } catch (e) {
      if (!(e instanceof ValueError)) throw e;
      errors.push(invalidValue(row, 'sale period', F.sale_price_effective_date, e.message));
    }
  }

  let rating: number | null = null;
  if (row.has(F.rating)) {
    const r = parseRating(row.text(F.rating));
    if (r === undefined) errors.push(invalidValue(row, 'rating', F.rating, 'write a number such as 4.5'));
    // 0 is how feeds say "no reviews yet": kept, and no ad draws it.
    else if (r.rating !== 0 && (r.rating < RATING_MIN || r.rating > RATING_MAX)) {
      const scale = r.scale === undefined ? `${RATING_MIN}–${RATING_MAX}` : `0–${r.scale}`;
      warnings.push({
        column: row.columns[F.rating]!,
        reason: `Rating “${shorten(row.text(F.rating), 20)}” is outside the ${scale} scale: the rating is not kept, so this item's ads leave the star rating out`,
      });
    } else rating = r.rating;
  }
  let reviewCount: number | null = null;
  if (row.has(F.review_count)) {
    const n = parseCount(row.text(F.review_count));
    if (n === undefined) errors.push(invalidValue(row, 'review count', F.review_count, WHOLE_NUMBER));
    else reviewCount = n;
  }
  let inventory: number | null = null;
  if (row.has(F.inventory)) {
    const n = parseCount(row.text(F.inventory));
    if (n === undefined) errors.push(invalidValue(row, 'inventory', F.inventory, WHOLE_NUMBER));
    else inventory = n;
  }
  if (errors.length > 0) return { rejected: errors, id: id === '' ? null : id };

  let priceAmount = price?.amount ?? null;
  let salePriceAmount = salePrice?.amount ?? null;
  if (priceAmount === null && salePriceAmount !== null) {
    warnings.push({
      column: row.columns[F.sale_price]!,
      reason: `Sale price ${formatCents(salePriceAmount)} without a price: it is kept as the price`,
    });
    priceAmount = salePriceAmount;
    salePriceAmount = null;
  } else if (priceAmount === null) {
    warnings.push({
      column: row.columns[F.price] ?? 'price',
      reason: 'Missing price: ads that show the price leave it empty, and Meta and Google refuse the item',
    });
  } else if (salePriceAmount !== null && salePriceAmount >= priceAmount) {
    warnings.push({
      column: row.columns[F.sale_price]!,
      reason: `Sale price ${formatCents(salePriceAmount)} is not below the price ${formatCents(priceAmount)}: the sale price is not used`,
    });
    salePriceAmount = null;
  }

  const item: CatalogItem = {
    itemId: id,
    title: row.text(F.title),
    description: row.text(F.description),
    availability,
    condition,
    priceAmount,
    currency: price?.currency ?? salePrice?.currency ?? (priceAmount === null ? null : catalogCurrency),
    salePriceAmount,
    salePriceStart: period.start,
    salePriceEnd: period.end,
    link: row.text(F.link),
    imageLink: row.text(F.image_link),
    additionalImageLinks: splitImageLinks(row.additionalImages),
    brand: row.text(F.brand),
    itemGroupId: row.text(F.item_group_id),
    productType: row.text(F.product_type),
    googleProductCategory: row.text(F.google_product_category),
    customLabel0: row.text(F.custom_label_0),
    customLabel1: row.text(F.custom_label_1),
    customLabel2: row.text(F.custom_label_2),
    customLabel3: row.text(F.custom_label_3),
    customLabel4: row.text(F.custom_label_4),
    rating,
    reviewCount,
    inventory,
    extra: row.extra,
    issues: [],
  };
  item.issues = itemIssues({
    id: item.itemId,
    title: item.title,
    description: item.description,
    link: item.link,
    imageLink: item.imageLink,
    availability: row.has(F.availability) ? item.availability : null,
    condition: row.has(F.condition) ? item.condition : null,
    priceAmount: item.priceAmount,
    salePriceAmount: item.salePriceAmount,
    currency: item.currency,
    brand: item.brand,
    gtin: firstExtra(row.extra, 'gtin'),
    mpn: firstExtra(row.extra, 'mpn'),
    googleProductCategory: item.googleProductCategory,
  });
  return { item, warnings };
}

/** The first value of the extra field of this (normalised) name, whatever its spelling (`GTIN`, `g:gtin`), or ''. */
function firstExtra(extra: Record<string, ExtraValue>, name: string): string {
  const key = Object.hasOwn(extra, name)
    ? name
    : Object.keys(extra).find((k) => normalizeColumnName(k) === name);
  const value = key === undefined ? undefined : extra[key];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

const WHOLE_NUMBER = 'write a whole number, 0 or more';

/**
 * The item as one JSON object keyed by database column (`item_id`, `price_amount`, ...), always in the
 * same order, dates as ISO 8601 and extra fields sorted by name: equal items give equal text. It is
 * both what {@link contentHash} hashes and the row the import sends to the database.
 */
export function itemJson(item: CatalogItem): string {
  // One object literal in a fixed order: JSON.stringify keeps insertion order and runs natively.
  return JSON.stringify({
    item_id: item.itemId,
    title: item.title,
    description: item.description,
    availability: item.availability,
    condition: item.condition,
    price_amount: item.priceAmount,
    currency: item.currency,
    sale_price_amount: item.salePriceAmount,
    sale_price_start: item.salePriceStart,
    sale_price_end: item.salePriceEnd,
    link: item.link,
    image_link: item.imageLink,
    additional_image_links: item.additionalImageLinks,
    brand: item.brand,
    item_group_id: item.itemGroupId,
    product_type: item.productType,
    google_product_category: item.googleProductCategory,
    custom_label_0: item.customLabel0,
    custom_label_1: item.customLabel1,
    custom_label_2: item.customLabel2,
    custom_label_3: item.customLabel3,
    custom_label_4: item.customLabel4,
    rating: item.rating,
    review_count: item.reviewCount,
    inventory: item.inventory,
    extra: sortedRecord(item.extra),
    issues: item.issues,
  });
}

function sortedRecord(record: Record<string, ExtraValue>): Record<string, ExtraValue> {
  const keys = Object.keys(record);
  if (keys.length < 2) return record;
  keys.sort();
  const sorted: Record<string, ExtraValue> = {};
  for (const key of keys) sorted[key] = record[key]!;
  return sorted;
}

/** SHA-256 (hex) of every field of the item, extra fields included (of `json` when already made). */
export function contentHash(item: CatalogItem, json: string = itemJson(item)): string {
  return createHash('sha256').update(json).digest('hex');
}
