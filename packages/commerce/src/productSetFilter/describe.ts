/** A product-set filter as a short sentence for people, e.g. 'brand is Acme and (price below 50.00 or …)'. */
import { formatCents } from '../money.js';
import { PRICE_FIELDS, productSetField } from './fields.js';
import type { FilterNode, FilterRule, ProductSetFilter } from './parse.js';

const SHOWN_LIST_VALUES = 5;

function describeValue(fieldName: string, value: string | number): string {
  if (typeof value === 'string') return value.length > 60 ? `${value.slice(0, 59)}…` : value;
  return PRICE_FIELDS.has(fieldName) ? formatCents(value) : String(value);
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

/** A short sentence for the rule editor and the product-set list, e.g. 'brand is Acme and price below 50.00'. */
export function describeFilter(filter: ProductSetFilter): string {
  const describe = (node: FilterNode, nested: boolean): string => {
    if (node.type === 'rule') return describeRule(node);
    if (node.rules.length === 1) return describe(node.rules[0]!, nested);
    const text = node.rules.map((rule) => describe(rule, true)).join(` ${node.type} `);
    return nested ? `(${text})` : text;
  };
  return filter.type === 'all' ? 'all items' : describe(filter, false);
}
