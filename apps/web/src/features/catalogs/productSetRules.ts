/**
 * The product-set rule editor's model (no React, no DOM): a tree of groups and rules, turned into
 * Meta's filter JSON and back, and the checks the editor shows before the server sees the filter.
 *
 * Meta's JSON: `{"and": [{"brand": {"eq": "Acme"}}, {"or": [{"price_amount": {"lt": 5000}}]}]}`.
 * Prices travel in minor units (50.00 is 5000); the editor shows and edits them as decimals.
 */

export type FieldKind = 'text' | 'number';

/** A field a rule can test, as productSetFields lists it. */
export interface RuleField {
  name: string;
  label: string;
  kind: FieldKind;
  /** A column of the feed that the importer kept as an extra field (always text). */
  extra?: boolean;
}

export const OPERATORS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'contains',
  'not_contains',
  'i_contains',
  'i_not_contains',
  'starts_with',
  'i_starts_with',
  'is_any',
  'is_not_any',
] as const;
export type Operator = (typeof OPERATORS)[number];

const LIST_OPERATORS: ReadonlySet<Operator> = new Set(['is_any', 'is_not_any']);
const ORDER_OPERATORS: ReadonlySet<Operator> = new Set(['lt', 'lte', 'gt', 'gte']);
const TEXT_ONLY_OPERATORS: ReadonlySet<Operator> = new Set([
  'contains',
  'not_contains',
  'i_contains',
  'i_not_contains',
  'starts_with',
  'i_starts_with',
]);

/** The words the editor shows for each operator (the server's sentences use the same ones). */
export const OPERATOR_LABELS: Record<Operator, string> = {
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

// Text fields also take lt..gte: the server then reads the text as a number (an extra "size" column).
const TEXT_FIELD_OPERATORS: readonly Operator[] = [
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
const NUMBER_FIELD_OPERATORS: readonly Operator[] = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'is_any',
  'is_not_any',
];

/** The operators that fit a field of this kind, in the order the operator select offers them. */
export function operatorsFor(kind: FieldKind): readonly Operator[] {
  return kind === 'number' ? NUMBER_FIELD_OPERATORS : TEXT_FIELD_OPERATORS;
}

/** The fields whose values are prices in minor units. */
export const PRICE_FIELDS: ReadonlySet<string> = new Set(['price_amount', 'sale_price_amount']);

export const isListOperator = (operator: Operator) => LIST_OPERATORS.has(operator);

/** Whether the rule's value is a number: a numeric field, or a text field compared as a number. */
export const isNumericRule = (kind: FieldKind, operator: Operator) =>
  kind === 'number' || ORDER_OPERATORS.has(operator);

/**
 * One rule: a field, an operator and its value as the inputs hold it: `value` for one value,
 * `values` for is_any and is_not_any; numbers as decimal text, prices in major units ("49.99").
 */
export interface RuleNode {
  type: 'rule';
  id: string;
  field: string;
  operator: Operator;
  value: string;
  values: string[];
}

export interface GroupNode {
  type: 'group';
  id: string;
  combinator: 'and' | 'or';
  children: EditorNode[];
}

export type EditorNode = RuleNode | GroupNode;

/** Tells the kind of a field by its name; fields the list does not know are extra fields (text). */
export type KindOf = (field: string) => FieldKind;

export function kindLookup(fields: readonly RuleField[]): KindOf {
  const kinds = new Map(fields.map((field) => [field.name, field.kind]));
  return (name) => kinds.get(name) ?? 'text';
}

let lastNodeId = 0;
/** A key for a new node, unique in this page. */
const nodeId = () => `node-${++lastNodeId}`;

export function newGroup(combinator: 'and' | 'or' = 'and', children: EditorNode[] = []): GroupNode {
  return { type: 'group', id: nodeId(), combinator, children };
}

/** A new rule on `field` with the first operator that fits it, and no value yet. */
export function newRule(field: RuleField | undefined): RuleNode {
  const kind = field?.kind ?? 'text';
  return {
    type: 'rule',
    id: nodeId(),
    field: field?.name ?? '',
    operator: operatorsFor(kind)[0]!,
    value: '',
    values: [],
  };
}

/** The tree with `fn` applied to the node with this id (the same tree when there is none). */
export function updateNode(root: GroupNode, id: string, fn: (node: EditorNode) => EditorNode): GroupNode {
  const visit = (node: EditorNode): EditorNode => {
    if (node.id === id) return fn(node);
    if (node.type === 'rule') return node;
    const children = node.children.map(visit);
    return children.every((child, i) => child === node.children[i]) ? node : { ...node, children };
  };
  return visit(root) as GroupNode;
}

/** The tree without the node with this id (the root itself is never removed). */
export function removeNode(root: GroupNode, id: string): GroupNode {
  const visit = (group: GroupNode): GroupNode => ({
    ...group,
    children: group.children
      .filter((child) => child.id !== id)
      .map((child) => (child.type === 'group' ? visit(child) : child)),
  });
  return visit(root);
}

/** The tree with `node` added at the end of the group with this id. */
export function appendNode(root: GroupNode, groupId: string, node: EditorNode): GroupNode {
  return updateNode(root, groupId, (group) =>
    group.type === 'group' ? { ...group, children: [...group.children, node] } : group,
  );
}

/**
 * The rule on another field: the operator is kept when it fits the new field's kind, and the value
 * when the kind stays the same.
 */
export function withField(rule: RuleNode, field: RuleField, kindOf: KindOf): RuleNode {
  const sameKind =
    kindOf(rule.field) === field.kind && PRICE_FIELDS.has(rule.field) === PRICE_FIELDS.has(field.name);
  const operators = operatorsFor(field.kind);
  const operator = operators.includes(rule.operator) ? rule.operator : operators[0]!;
  return sameKind
    ? { ...rule, field: field.name, operator }
    : { ...rule, field: field.name, operator, value: '', values: [] };
}

/** The rule with another operator; a value moves into or out of the list when the value shape changes. */
export function withOperator(rule: RuleNode, operator: Operator): RuleNode {
  const wasList = isListOperator(rule.operator);
  const isList = isListOperator(operator);
  if (wasList === isList) return { ...rule, operator };
  if (isList)
    return { ...rule, operator, values: rule.value.trim() === '' ? [] : [rule.value.trim()], value: '' };
  return { ...rule, operator, value: rule.values[0] ?? '', values: [] };
}

// ---- Decimal text, exactly (no floating-point rounding on the way) ----

const DECIMAL_INPUT = /^(-?)(\d*)(?:\.(\d*))?$/;

/** Whether the text is a number the editor accepts: `49`, `49.99`, `-3`, `.5`, `50.` */
export function isDecimalText(text: string): boolean {
  const match = DECIMAL_INPUT.exec(text.trim());
  return match !== null && `${match[2]}${match[3] ?? ''}`.length > 0;
}

/** Moves the decimal point of a decimal text `places` to the right (left when negative), exactly. */
export function shiftDecimal(text: string, places: number): string {
  const match = DECIMAL_INPUT.exec(text.trim());
  if (!match) return text;
  const [, sign, whole = '', fraction = ''] = match;
  let digits = whole + fraction;
  let point = whole.length + places;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const decimals = digits.slice(point).replace(/0+$/, '');
  const magnitude = decimals ? `${integer}.${decimals}` : integer;
  return sign && /[1-9]/.test(magnitude) ? `-${magnitude}` : magnitude;
}

/** A price as the editor shows it, from minor units: 5000 → "50.00", 4999.5 → "49.995". */
export function priceFromMinor(minor: number): string {
  const text = shiftDecimal(String(minor), -2);
  const [integer, decimals = ''] = text.split('.');
  return `${integer}.${decimals.padEnd(2, '0')}`;
}

/** A price typed in the editor, in minor units: "49.99" → 4999. */
export function priceToMinor(text: string): number {
  return Number(shiftDecimal(text, 2));
}

// ---- Tree → Meta's JSON ----

/**
 * The number a numeric value is sent as (prices in minor units). Text that is not a number is sent
 * as it is, so that the server names it: toFilterJson never refuses a tree.
 */
function numberValue(field: string, text: string): number | string {
  if (!isDecimalText(text)) return text;
  return PRICE_FIELDS.has(field) ? priceToMinor(text) : Number(shiftDecimal(text, 0));
}

function ruleJson(rule: RuleNode, kindOf: KindOf): Record<string, unknown> {
  const numeric = isNumericRule(kindOf(rule.field), rule.operator);
  const value = isListOperator(rule.operator)
    ? rule.values.map((v) => (kindOf(rule.field) === 'number' ? numberValue(rule.field, v) : v))
    : numeric
      ? numberValue(rule.field, rule.value)
      : rule.value;
  return { [rule.field]: { [rule.operator]: value } };
}

/** Meta's filter JSON for the tree; an empty root is `{}` (every item). */
export function toFilterJson(root: GroupNode, kindOf: KindOf): Record<string, unknown> {
  const node = (n: EditorNode): Record<string, unknown> =>
    n.type === 'rule' ? ruleJson(n, kindOf) : { [n.combinator]: n.children.map(node) };
  return root.children.length === 0 ? {} : node(root);
}

// ---- Meta's JSON → tree ----

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isOperator = (key: string): key is Operator => (OPERATORS as readonly string[]).includes(key);

class ShapeError extends Error {}

function fail(path: string, problem: string): never {
  throw new ShapeError(path ? `${path}: ${problem}` : problem);
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** A JSON value as the editor's text: prices from minor units, other numbers as written. */
function valueText(field: string, numeric: boolean, raw: unknown, path: string): string {
  if (typeof raw === 'number' && Number.isFinite(raw))
    return numeric && PRICE_FIELDS.has(field) ? priceFromMinor(raw) : String(raw);
  if (typeof raw === 'string') {
    if (numeric && PRICE_FIELDS.has(field) && isDecimalText(raw)) return priceFromMinor(Number(raw));
    return raw;
  }
  return fail(path, `needs ${numeric ? 'a number' : 'a text'}, got ${JSON.stringify(raw) ?? 'nothing'}`);
}

function parseRule(field: string, condition: unknown, path: string, kindOf: KindOf): RuleNode {
  if (!isObject(condition)) fail(path, 'needs an operator object such as {"eq": "value"}');
  const keys = Object.keys(condition);
  if (keys.length !== 1) fail(path, `needs exactly one operator, got ${keys.length}`);
  const operator = keys[0]!;
  if (!isOperator(operator)) fail(path, `unknown operator '${operator}'`);
  const kind = kindOf(field);
  if (kind === 'number' && TEXT_ONLY_OPERATORS.has(operator))
    fail(path, `'${operator}' needs a text field; ${field} is a number`);
  const raw = condition[operator];
  const rule: RuleNode = { type: 'rule', id: nodeId(), field, operator, value: '', values: [] };
  if (isListOperator(operator)) {
    if (!Array.isArray(raw)) fail(path, `'${operator}' needs a list`);
    return { ...rule, values: raw.map((item) => valueText(field, kind === 'number', item, path)) };
  }
  return { ...rule, value: valueText(field, isNumericRule(kind, operator), raw, path) };
}

function parseNode(value: unknown, path: string, kindOf: KindOf): EditorNode {
  if (!isObject(value)) fail(path, 'a rule must be an object');
  const keys = Object.keys(value);
  if (keys.length !== 1)
    fail(path, `a rule has exactly one key (a field, "and" or "or"), got ${keys.length}`);
  const key = keys[0]!;
  const inner = value[key];
  if (key === 'and' || key === 'or') {
    const groupPath = join(path, key);
    if (!Array.isArray(inner)) fail(groupPath, `'${key}' needs a list of rules`);
    return newGroup(
      key,
      inner.map((child, i) => parseNode(child, `${groupPath}[${i}]`, kindOf)),
    );
  }
  return parseRule(key, inner, join(path, key), kindOf);
}

/**
 * The editor's tree for Meta's filter JSON (already parsed), or why the visual editor cannot show
 * it; the message starts with the path of the faulty part, as the server's do.
 */
export function fromFilterJson(json: unknown, kindOf: KindOf): { root: GroupNode } | { error: string } {
  try {
    if (!isObject(json)) fail('', 'the filter must be a JSON object such as {"brand": {"eq": "Acme"}}');
    if (Object.keys(json).length === 0) return { root: newGroup() };
    const node = parseNode(json, '', kindOf);
    return { root: node.type === 'group' ? node : newGroup('and', [node]) };
  } catch (error) {
    if (error instanceof ShapeError) return { error: error.message };
    throw error;
  }
}

/** Reads filter JSON text; an empty text is `{}`. */
export function parseFilterText(text: string, kindOf: KindOf): { root: GroupNode } | { error: string } {
  if (text.trim() === '') return { root: newGroup() };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: 'The filter is not valid JSON.' };
  }
  return fromFilterJson(json, kindOf);
}

// ---- Checks before sending ----

/** What is wrong with one node of the tree, to show beside it. */
export interface RuleProblem {
  nodeId: string;
  message: string;
}

function ruleProblem(rule: RuleNode, kindOf: KindOf): string | null {
  if (rule.field === '') return 'Choose a field.';
  const kind = kindOf(rule.field);
  if (isListOperator(rule.operator)) {
    if (rule.values.length === 0) return 'Add at least one value.';
    if (kind === 'number') {
      const wrong = rule.values.find((v) => !isDecimalText(v));
      if (wrong !== undefined) return `“${wrong}” is not a number.`;
    }
    return null;
  }
  if (isNumericRule(kind, rule.operator)) {
    if (rule.value.trim() === '') return 'Enter a number.';
    if (!isDecimalText(rule.value))
      return PRICE_FIELDS.has(rule.field) ? 'Enter a price such as 49.99.' : 'Enter a number.';
    return null;
  }
  // "is" and "is not" with nothing find items whose field is empty; the other text tests need a value.
  if (rule.value === '' && rule.operator !== 'eq' && rule.operator !== 'neq') return 'Enter a value.';
  return null;
}

/** Everything the editor must fix before the filter can be counted or saved, in tree order. */
export function validateTree(root: GroupNode, kindOf: KindOf): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const visit = (node: EditorNode, isRoot: boolean) => {
    if (node.type === 'rule') {
      const message = ruleProblem(node, kindOf);
      if (message) problems.push({ nodeId: node.id, message });
      return;
    }
    if (!isRoot && node.children.length === 0)
      problems.push({ nodeId: node.id, message: 'This group is empty: add a rule or remove the group.' });
    for (const child of node.children) visit(child, false);
  };
  visit(root, true);
  return problems;
}

/** How many rules the tree holds (groups not counted). */
export function countRules(node: EditorNode): number {
  return node.type === 'rule' ? 1 : node.children.reduce((sum, child) => sum + countRules(child), 0);
}
