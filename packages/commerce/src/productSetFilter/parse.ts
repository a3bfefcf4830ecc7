/**
 * Product-set filters in Meta's JSON: the typed filter, its parsing with messages that name the path
 * (the texts the API answers), and its JSON again.
 *
 * - Fields: see fields.ts; any other name is an extra field of the item (text, case-sensitive).
 * - Text fields take every operator; lt, lte, gt and gte read the text as a plain decimal (-12.50, no
 *   exponent, no spaces). A number given for a text field is compared as its text ({"id": {"eq": 42}} is "42").
 * - Numeric fields take eq, neq, lt, lte, gt, gte, is_any, is_not_any; a numeric string ("5000") is accepted.
 * - {} matches every item; one operator per rule, one key per object, as Meta writes them.
 */
import { productSetField } from './fields.js';
import {
  EQUALITY_OPERATORS,
  FILTER_OPERATORS,
  isOneOf,
  ORDER_OPERATORS,
  TEXT_OPERATORS,
  type EqualityOperator,
  type ListOperator,
  type OrderOperator,
  type TextOperator,
} from './operators.js';

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

/** A filter that does not parse; `path` locates the rule (e.g. `and[1].price_amount`). */
export class ProductSetFilterError extends Error {
  override readonly name = 'ProductSetFilterError';
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
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
