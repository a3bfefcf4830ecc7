/**
 * Product-set filters on the server: where each field lives in catalog_items, and evaluation on one
 * catalogue item. The grammar (operators, fields, parsing, error texts, sentence) is @adloom/commerce's;
 * filter-sql.ts turns a filter into SQL with exactly these semantics:
 *
 * - Fields. The catalogue's own fields (productSetField) read their column; any other name is looked up
 *   in the item's extra fields (case-sensitive, as the feed spelt the column).
 * - Missing values: a null column (the numeric ones, currency) or an extra field the item does not
 *   have. A missing value matches no positive operator and every negated one (neq, not_contains,
 *   i_not_contains, is_not_any). The empty string is a value, so {"brand": {"eq": ""}} finds items
 *   without a brand.
 * - Text: eq, neq, is_any and is_not_any compare exactly; contains and starts_with are case-sensitive;
 *   the i_ operators compare after simple Unicode lower-casing, one character to one character, the
 *   same table whatever the database's locale (foldCase). lt, lte, gt and gte on a text field read it
 *   as a plain decimal (decimalValue): a value that is not one is treated as missing.
 * - Numbers: compared as doubles.
 */
import {
  decimalValue,
  NEGATED_OPERATORS,
  productSetField,
  type FieldKind,
  type FilterOperator,
  type FilterRule,
  type ProductSetFilter,
} from '@adloom/commerce';
import type { CatalogItemRow } from '../../../db/schema.js';

type FilterColumn =
  | 'itemId'
  | 'title'
  | 'description'
  | 'availability'
  | 'condition'
  | 'brand'
  | 'itemGroupId'
  | 'productType'
  | 'googleProductCategory'
  | 'customLabel0'
  | 'customLabel1'
  | 'customLabel2'
  | 'customLabel3'
  | 'customLabel4'
  | 'currency'
  | 'link'
  | 'imageLink'
  | 'priceAmount'
  | 'salePriceAmount'
  | 'inventory'
  | 'rating'
  | 'reviewCount';

/** What a filter reads of a catalog_items row. */
export type FilterableItem = Pick<CatalogItemRow, FilterColumn | 'extra'>;

/** The catalog_items column of each catalogue field of @adloom/commerce's PRODUCT_SET_FIELDS. */
const COLUMNS: Readonly<Record<string, FilterColumn>> = {
  id: 'itemId',
  title: 'title',
  description: 'description',
  availability: 'availability',
  condition: 'condition',
  brand: 'brand',
  item_group_id: 'itemGroupId',
  product_type: 'productType',
  google_product_category: 'googleProductCategory',
  custom_label_0: 'customLabel0',
  custom_label_1: 'customLabel1',
  custom_label_2: 'customLabel2',
  custom_label_3: 'customLabel3',
  custom_label_4: 'customLabel4',
  price_amount: 'priceAmount',
  sale_price_amount: 'salePriceAmount',
  currency: 'currency',
  inventory: 'inventory',
  rating: 'rating',
  review_count: 'reviewCount',
  link: 'link',
  image_link: 'imageLink',
  retailer_id: 'itemId',
  retailer_product_group_id: 'itemGroupId',
};

/** Where a filter reads a field: its catalog_items column, or (column null) the extra field of that name. */
export interface FieldSource {
  name: string;
  kind: FieldKind;
  column: FilterColumn | null;
}

/** The field a filter names, with the column that holds it (aliases included), or null for an extra field. */
export function fieldSource(name: string): FieldSource {
  const column = Object.hasOwn(COLUMNS, name) ? COLUMNS[name]! : null;
  return { name, kind: productSetField(name).kind, column };
}

/**
 * The case folding of the i_ operators: every character whose Unicode lower case is one other
 * character, in two strings of equal length (SQL's translate(value, FOLD_FROM, FOLD_TO)). A fixed
 * table rather than the database's lower(), which follows its locale (ASCII only under "C").
 */
const FOLD_TABLE = (() => {
  let from = '';
  let to = '';
  const map = new Map<string, string>();
  for (let cp = 0; cp < 0x20000; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const ch = String.fromCodePoint(cp);
    const lower = ch.toLowerCase();
    if (lower === ch || [...lower].length !== 1) continue;
    from += ch;
    to += lower;
    map.set(ch, lower);
  }
  return { from, to, map };
})();
export const FOLD_FROM = FOLD_TABLE.from;
export const FOLD_TO = FOLD_TABLE.to;

/** Lower-cases text as the i_ operators compare it, the same on every machine and database. */
export function foldCase(text: string): string {
  let out = '';
  for (const ch of text) out += FOLD_TABLE.map.get(ch) ?? ch;
  return out;
}

type Value = string | number | null;

function fieldValue(item: FilterableItem, f: FieldSource): Value {
  if (f.column) return item[f.column];
  const extra = item.extra as Record<string, unknown>;
  if (!Object.hasOwn(extra, f.name)) return null;
  const value = extra[f.name];
  if (Array.isArray(value)) return value.join(',');
  return value === null || value === undefined ? null : String(value);
}

/** Whether the positive form of a rule holds; a missing value never does. */
function holds(operator: FilterOperator, value: Value, expected: FilterRule['value']): boolean {
  if (value === null) return false;
  switch (operator) {
    case 'eq':
      return value === expected;
    case 'is_any':
      return (expected as (string | number)[]).includes(value);
    case 'contains':
      return (value as string).includes(expected as string);
    case 'starts_with':
      return (value as string).startsWith(expected as string);
    case 'i_contains':
      return foldCase(value as string).includes(foldCase(expected as string));
    case 'i_starts_with':
      return foldCase(value as string).startsWith(foldCase(expected as string));
  }
  const number = typeof value === 'number' ? value : decimalValue(value);
  if (number === null) return false;
  const limit = expected as number;
  switch (operator) {
    case 'lt':
      return number < limit;
    case 'lte':
      return number <= limit;
    case 'gt':
      return number > limit;
    case 'gte':
      return number >= limit;
  }
  throw new Error(`operator ${operator} has no positive form`);
}

/** Whether a catalogue item is in the set the filter describes. */
export function matchesFilter(filter: ProductSetFilter, item: FilterableItem): boolean {
  switch (filter.type) {
    case 'all':
      return true;
    case 'and':
      return filter.rules.every((rule) => matchesFilter(rule, item));
    case 'or':
      return filter.rules.some((rule) => matchesFilter(rule, item));
  }
  const value = fieldValue(item, fieldSource(filter.field));
  const positive = NEGATED_OPERATORS[filter.operator];
  return positive ? !holds(positive, value, filter.value) : holds(filter.operator, value, filter.value);
}
