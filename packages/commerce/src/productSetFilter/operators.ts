/** The operators of Meta's product-set filter JSON, grouped by what they compare, and the field kinds they fit. */

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
/** Every operator, in the order error messages list them. */
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

/** What a field holds: text (extra fields too), or a number (prices in cents, counts, ratings). */
export type FieldKind = 'text' | 'number';

/** The operators that match what the positive one does not (a missing value included). */
export const NEGATED_OPERATORS: Partial<Record<FilterOperator, FilterOperator>> = {
  neq: 'eq',
  not_contains: 'contains',
  i_not_contains: 'i_contains',
  is_not_any: 'is_any',
};

/** Whether a text is one of the list's values (and narrows its type). */
export const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

export const isFilterOperator = (value: string): value is FilterOperator => isOneOf(FILTER_OPERATORS, value);

/** Whether the operator takes a list of values (is_any, is_not_any). */
export const isListOperator = (operator: FilterOperator): operator is ListOperator =>
  isOneOf(LIST_OPERATORS, operator);

/** Whether the rule's value is a number: a numeric field, or a text field compared as a number (lt..gte). */
export const isNumericRule = (kind: FieldKind, operator: FilterOperator): boolean =>
  kind === 'number' || isOneOf(ORDER_OPERATORS, operator);

/** The words the rule editor's operator select shows for each operator. */
export const OPERATOR_LABELS: Record<FilterOperator, string> = {
  eq: 'is',
  neq: 'is not',
  lt: 'is below',
  lte: 'is at most',
  gt: 'is above',
  gte: 'is at least',
  i_contains: 'contains',
  i_not_contains: 'does not contain',
  i_starts_with: 'starts with',
  contains: 'contains (exact case)',
  not_contains: 'does not contain (exact case)',
  starts_with: 'starts with (exact case)',
  is_any: 'is any of',
  is_not_any: 'is none of',
};

// Text fields also take lt..gte: the filter then reads the text as a number (an extra "size" column).
const TEXT_FIELD_OPERATORS: readonly FilterOperator[] = [
  'eq',
  'neq',
  'i_contains',
  'i_not_contains',
  'i_starts_with',
  'contains',
  'not_contains',
  'starts_with',
  'is_any',
  'is_not_any',
  'lt',
  'lte',
  'gt',
  'gte',
];
// The text operators are refused on numeric fields.
const NUMBER_FIELD_OPERATORS: readonly FilterOperator[] = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'is_any',
  'is_not_any',
];

/** The operators that fit a field of this kind, in the order the rule editor offers them. */
export function operatorsFor(kind: FieldKind): readonly FilterOperator[] {
  return kind === 'number' ? NUMBER_FIELD_OPERATORS : TEXT_FIELD_OPERATORS;
}
