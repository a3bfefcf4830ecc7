/**
 * Product-set filters in Meta's JSON (issue: "Product sets in Meta's filter JSON"): parsing with
 * messages that name the path, evaluation on one catalogue item, and a sentence for the rule editor.
 * filter-sql.ts turns the same filter into SQL with exactly these semantics:
 *
 * - Fields. Text: id (alias retailer_id), title, description, availability, condition, brand,
 *   item_group_id (alias retailer_product_group_id), product_type, google_product_category,
 *   custom_label_0..4, currency, link, image_link, and any other name, which is looked up in the
 *   item's extra fields (case-sensitive, as the feed spelt the column). Numeric: price_amount and
 *   sale_price_amount (minor units: 50.00 is 5000), inventory, rating, review_count.
 * - Missing values: a null column (the numeric ones, currency) or an extra field the item does not
 *   have. A missing value matches no positive operator and every negated one (neq, not_contains,
 *   i_not_contains, is_not_any). The empty string is a value, so {"brand": {"eq": ""}} finds items
 *   without a brand.
 * - Text: eq, neq, is_any and is_not_any compare exactly; contains and starts_with are case-sensitive;
 *   the i_ operators compare after simple Unicode lower-casing, one character to one character, the
 *   same table whatever the database's locale (foldCase). lt, lte, gt and gte on a text field read it
 *   as a plain decimal (-12.50, no exponent, no spaces): a value that is not one is treated as missing.
 *   A number given for a text field is compared as its text ({"id": {"eq": 42}} is "42").
 * - Numbers: eq, neq, lt, lte, gt, gte, is_any, is_not_any, compared as doubles; a numeric string
 *   value ("5000") is accepted. The text operators are refused on numeric fields.
 * - {} matches every item; one operator per rule, one key per object, as Meta writes them.
 */
import type { CatalogItemRow } from '../../../db/schema.js';
import { DomainError } from '../../../errors.js';

export const TEXT_OPERATORS = [
  'contains',
  'not_contains',
  'i_contains',
  'i_not_contains',
  'starts_with',
  'i_starts_with',
] as const;
export const ORDER_OPERATORS = ['lt', 'lte', 'gt', 'gte'] as const;
export const EQUALITY_OPERATORS = ['eq', 'neq'] as const;
export const LIST_OPERATORS = ['is_any', 'is_not_any'] as const;
export const FILTER_OPERATORS = [
  ...EQUALITY_OPERATORS,
  ...ORDER_OPERATORS,
  ...TEXT_OPERATORS,
  ...LIST_OPERATORS,
] as const;

export type TextOperator = (typeof TEXT_OPERATORS)[number];
export type OrderOperator = (typeof ORDER_OPERATORS)[number];
export type EqualityOperator = (typeof EQUALITY_OPERATORS)[number];
export type ListOperator = (typeof LIST_OPERATORS)[number];
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** The operators that match what the positive one does not (a missing value included). */
export const NEGATED_OPERATORS: Partial<Record<FilterOperator, FilterOperator>> = {
  neq: 'eq',
  not_contains: 'contains',
  i_not_contains: 'i_contains',
  is_not_any: 'is_any',
};

/** One leaf: `{field: {operator: value}}`. Values are strings on text fields, numbers on numeric ones. */
export type FilterRule =
  | { type: 'rule'; field: string; operator: EqualityOperator; value: string | number }
  | { type: 'rule'; field: string; operator: OrderOperator; value: number }
  | { type: 'rule'; field: string; operator: TextOperator; value: string }
  | { type: 'rule'; field: string; operator: ListOperator; value: string[] | number[] };

export interface FilterGroup {
  type: 'and' | 'or';
  rules: FilterNode[];
}

export type FilterNode = FilterGroup | FilterRule;

/** A parsed product-set filter; `{ type: 'all' }` is Meta's `{}`. */
export type ProductSetFilter = FilterNode | { type: 'all' };

export type FieldKind = 'text' | 'number';

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

/** A filterable field: a catalog_items column, or (column null) an extra field of that name. */
export interface ProductSetField {
  name: string;
  label: string;
  kind: FieldKind;
  column: FilterColumn | null;
}

const field = (name: string, column: FilterColumn, kind: FieldKind, label = name): ProductSetField => ({
  name,
  label,
  kind,
  column,
});

/** Meta's field names the catalogue stores in columns, in the order the rule editor offers them. */
export const PRODUCT_SET_FIELDS: readonly ProductSetField[] = [
  field('id', 'itemId', 'text'),
  field('title', 'title', 'text'),
  field('description', 'description', 'text'),
  field('availability', 'availability', 'text'),
  field('condition', 'condition', 'text'),
  field('brand', 'brand', 'text'),
  field('item_group_id', 'itemGroupId', 'text', 'item group'),
  field('product_type', 'productType', 'text', 'product type'),
  field('google_product_category', 'googleProductCategory', 'text', 'Google product category'),
  field('custom_label_0', 'customLabel0', 'text', 'custom label 0'),
  field('custom_label_1', 'customLabel1', 'text', 'custom label 1'),
  field('custom_label_2', 'customLabel2', 'text', 'custom label 2'),
  field('custom_label_3', 'customLabel3', 'text', 'custom label 3'),
  field('custom_label_4', 'customLabel4', 'text', 'custom label 4'),
  field('price_amount', 'priceAmount', 'number', 'price'),
  field('sale_price_amount', 'salePriceAmount', 'number', 'sale price'),
  field('currency', 'currency', 'text'),
  field('inventory', 'inventory', 'number'),
  field('rating', 'rating', 'number'),
  field('review_count', 'reviewCount', 'number', 'review count'),
  field('link', 'link', 'text'),
  field('image_link', 'imageLink', 'text', 'image link'),
];

const FIELD_ALIASES: Record<string, string> = {
  retailer_id: 'id',
  retailer_product_group_id: 'item_group_id',
};

const FIELDS_BY_NAME = new Map(PRODUCT_SET_FIELDS.map((f) => [f.name, f]));
for (const [alias, name] of Object.entries(FIELD_ALIASES)) {
  FIELDS_BY_NAME.set(alias, { ...FIELDS_BY_NAME.get(name)!, name: alias });
}

/** The field a filter names: a column (aliases included), or else an extra field (text). */
export function productSetField(name: string): ProductSetField {
  return FIELDS_BY_NAME.get(name) ?? { name, label: name, kind: 'text', column: null };
}

export const MAX_FILTER_DEPTH = 10;
export const MAX_FILTER_RULES = 500;
export const MAX_FILTER_STRING = 1000;
export const MAX_FILTER_LIST = 5000;

/**
 * A plain decimal, as lt/lte/gt/gte read a text value. Written once for both JavaScript and
 * PostgreSQL regular expressions; the digit limits keep every match inside a double's range.
 */
export const DECIMAL_PATTERN = '^-?[0-9]{1,30}([.][0-9]{1,30})?$';
const DECIMAL = new RegExp(DECIMAL_PATTERN);

/** The number a text value stands for under lt/lte/gt/gte, or null when it is not a plain decimal. */
export function decimalValue(text: string): number | null {
  return DECIMAL.test(text) ? Number(text) : null;
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

/** A filter that does not parse; `path` locates the rule (e.g. `and[1].price_amount`). */
export class ProductSetFilterError extends DomainError {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super('INVALID_INPUT', message);
    this.name = 'ProductSetFilterError';
  }
}

function fail(path: string, problem: string): never {
  throw new ProductSetFilterError(path ? `${path}: ${problem}` : problem, path);
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

function show(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') {
    const text = JSON.stringify(value);
    return text.length > 40 ? `${text.slice(0, 38)}…"` : text;
  }
  return String(value);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// PostgreSQL text holds neither NUL nor unpaired surrogates; refusing them keeps SQL and memory equal.
const UNSTORABLE = /\0|\p{Cs}/u;

function checkString(path: string, what: string, text: string): string {
  if (text.length > MAX_FILTER_STRING) fail(path, `${what} is longer than ${MAX_FILTER_STRING} characters`);
  if (UNSTORABLE.test(text)) fail(path, `${what} contains a NUL character or an unpaired surrogate`);
  return text;
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * Validates Meta's filter JSON (already parsed) and returns the typed filter. Throws a
 * ProductSetFilterError whose message starts with the path of the faulty rule.
 */
export function parseProductSetFilter(json: unknown): ProductSetFilter {
  if (!isObject(json))
    fail('', `The filter must be a JSON object such as {"brand": {"eq": "Acme"}}, got ${show(json)}`);
  if (Object.keys(json).length === 0) return { type: 'all' };
  let rules = 0;

  const parseNode = (value: unknown, path: string, depth: number): FilterNode => {
    if (!isObject(value)) fail(path, `a rule must be an object, got ${show(value)}`);
    const keys = Object.keys(value);
    if (keys.length === 0) fail(path, 'an empty rule; only the whole filter may be {}');
    if (keys.length > 1)
      fail(
        path,
        `a rule has one key (a field, "and" or "or"), got ${keys.length} (${keys.slice(0, 5).join(', ')}); combine them with "and"`,
      );
    const key = keys[0]!;
    const inner = value[key];
    if (key === 'and' || key === 'or') {
      const groupPath = join(path, key);
      if (depth >= MAX_FILTER_DEPTH) fail(groupPath, `nesting deeper than ${MAX_FILTER_DEPTH} levels`);
      if (!Array.isArray(inner)) fail(groupPath, `'${key}' needs a list of rules, got ${show(inner)}`);
      if (inner.length === 0) fail(groupPath, `'${key}' needs at least one rule`);
      return { type: key, rules: inner.map((child, i) => parseNode(child, `${groupPath}[${i}]`, depth + 1)) };
    }
    if (key === '') fail(path, 'a field name is empty');
    checkString(path, 'a field name', key);
    const fieldPath = join(path, key);
    rules += 1;
    if (rules > MAX_FILTER_RULES) fail(fieldPath, `more than ${MAX_FILTER_RULES} rules`);
    return parseRule(key, inner, fieldPath);
  };

  return parseNode(json, '', 0);
}

function parseRule(fieldName: string, condition: unknown, path: string): FilterRule {
  if (!isObject(condition))
    fail(path, `needs an operator object such as {"eq": "value"}, got ${show(condition)}`);
  const operators = Object.keys(condition);
  if (operators.length === 0) fail(path, 'needs an operator such as {"eq": "value"}');
  if (operators.length > 1)
    fail(
      path,
      `one operator per rule, got ${operators.length} (${operators.slice(0, 5).join(', ')}); combine rules with "and"`,
    );
  const operator = operators[0]!;
  const raw = condition[operator];
  if (!isOneOf(FILTER_OPERATORS, operator))
    fail(path, `unknown operator '${operator}'; use one of ${FILTER_OPERATORS.join(', ')}`);
  const { kind } = productSetField(fieldName);
  const rule = { type: 'rule' as const, field: fieldName };

  if (isOneOf(TEXT_OPERATORS, operator)) {
    if (kind === 'number') fail(path, `'${operator}' needs a text field; ${fieldName} is a number`);
    return { ...rule, operator, value: textValue(path, `'${operator}'`, raw, false) };
  }
  if (isOneOf(ORDER_OPERATORS, operator))
    return { ...rule, operator, value: numberValue(path, `'${operator}'`, raw) };
  if (isOneOf(EQUALITY_OPERATORS, operator)) {
    const value =
      kind === 'number'
        ? numberValue(path, `'${operator}'`, raw)
        : textValue(path, `'${operator}'`, raw, true);
    return { ...rule, operator, value };
  }
  if (!Array.isArray(raw)) fail(path, `'${operator}' needs a list, got ${show(raw)}`);
  if (raw.length === 0) fail(path, `'${operator}' needs at least one value`);
  if (raw.length > MAX_FILTER_LIST) fail(path, `'${operator}' has more than ${MAX_FILTER_LIST} values`);
  const value =
    kind === 'number'
      ? raw.map((item, i) => numberValue(path, `'${operator}' value [${i}]`, item))
      : raw.map((item, i) => textValue(path, `'${operator}' value [${i}]`, item, true));
  return { ...rule, operator, value };
}

function textValue(path: string, what: string, raw: unknown, numbersToo: boolean): string {
  if (typeof raw === 'number' && numbersToo && Number.isFinite(raw)) return String(raw);
  if (typeof raw !== 'string')
    fail(path, `${what} needs a string${numbersToo ? ' or a number' : ''}, got ${show(raw)}`);
  return checkString(path, `${what} value`, raw);
}

function numberValue(path: string, what: string, raw: unknown): number {
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
  if (typeof raw === 'string' && DECIMAL.test(raw)) return Number(raw);
  return fail(path, `${what} needs a number, got ${show(raw)}`);
}

/** Meta's JSON for a parsed filter (what is stored in product_sets.filter). */
export function filterToJson(filter: ProductSetFilter): Record<string, unknown> {
  if (filter.type === 'all') return {};
  if (filter.type === 'rule') return { [filter.field]: { [filter.operator]: filter.value } };
  return { [filter.type]: filter.rules.map(filterToJson) };
}

type Value = string | number | null;

function fieldValue(item: FilterableItem, f: ProductSetField): Value {
  if (f.column) return item[f.column];
  const extra = item.extra as Record<string, unknown>;
  if (!Object.hasOwn(extra, f.name)) return null;
  const value = extra[f.name];
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
  const value = fieldValue(item, productSetField(filter.field));
  const positive = NEGATED_OPERATORS[filter.operator];
  return positive ? !holds(positive, value, filter.value) : holds(filter.operator, value, filter.value);
}

const MINOR_UNIT_FIELDS = new Set(['price_amount', 'sale_price_amount']);
const SHOWN_LIST_VALUES = 5;

function describeValue(fieldName: string, value: string | number): string {
  if (typeof value === 'string') return value.length > 60 ? `${value.slice(0, 59)}…` : value;
  if (MINOR_UNIT_FIELDS.has(fieldName))
    return Number.isInteger(value) ? (value / 100).toFixed(2) : String(value / 100);
  return String(value);
}

const quoted = (fieldName: string, value: string | number) => `"${describeValue(fieldName, value)}"`;

function describeList(fieldName: string, values: (string | number)[]): string {
  const shown = values.slice(0, SHOWN_LIST_VALUES).map((v) => describeValue(fieldName, v));
  if (values.length > SHOWN_LIST_VALUES)
    return `${shown.join(', ')} and ${values.length - shown.length} more`;
  if (shown.length === 1) return shown[0]!;
  return `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
}

function describeRule(rule: FilterRule): string {
  const label = productSetField(rule.field).label;
  const name = rule.field;
  switch (rule.operator) {
    case 'eq':
      return rule.value === '' ? `${label} is empty` : `${label} is ${describeValue(name, rule.value)}`;
    case 'neq':
      return rule.value === ''
        ? `${label} is not empty`
        : `${label} is not ${describeValue(name, rule.value)}`;
    case 'lt':
      return `${label} below ${describeValue(name, rule.value)}`;
    case 'lte':
      return `${label} at most ${describeValue(name, rule.value)}`;
    case 'gt':
      return `${label} above ${describeValue(name, rule.value)}`;
    case 'gte':
      return `${label} at least ${describeValue(name, rule.value)}`;
    // The rule editor's "contains" ignores case; the exact-case operators say so.
    case 'i_contains':
      return `${label} contains ${quoted(name, rule.value)}`;
    case 'i_not_contains':
      return `${label} does not contain ${quoted(name, rule.value)}`;
    case 'i_starts_with':
      return `${label} starts with ${quoted(name, rule.value)}`;
    case 'contains':
      return `${label} contains ${quoted(name, rule.value)} (exact case)`;
    case 'not_contains':
      return `${label} does not contain ${quoted(name, rule.value)} (exact case)`;
    case 'starts_with':
      return `${label} starts with ${quoted(name, rule.value)} (exact case)`;
    case 'is_any':
      return `${label} is ${rule.value.length > 1 ? 'one of ' : ''}${describeList(name, rule.value)}`;
    case 'is_not_any':
      return `${label} is ${rule.value.length > 1 ? 'none of' : 'not'} ${describeList(name, rule.value)}`;
  }
}

/** A short sentence for the rule editor, e.g. 'brand is Acme and (price below 50.00 or …)'. */
export function describeFilter(filter: ProductSetFilter): string {
  const describe = (node: FilterNode, nested: boolean): string => {
    if (node.type === 'rule') return describeRule(node);
    if (node.rules.length === 1) return describe(node.rules[0]!, nested);
    const text = node.rules.map((rule) => describe(rule, true)).join(` ${node.type} `);
    return nested ? `(${text})` : text;
  };
  return filter.type === 'all' ? 'all items' : describe(filter, false);
}
