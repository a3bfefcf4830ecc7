/**
 * The product-set rule editor's model (no React, no DOM): a tree of groups and rules, turned into
 * Meta's filter JSON and back, and the checks the editor shows before the server sees the filter. The
 * filter grammar (operators, field kinds, parsing and its messages) is @adloom/commerce's, as on the server.
 *
 * Meta's JSON: `{"and": [{"brand": {"eq": "Acme"}}, {"or": [{"price_amount": {"lt": 5000}}]}]}`.
 * Prices travel in cents (50.00 is 5000); the editor shows and edits them as decimals.
 */
import {
  decimalToCents,
  type FieldKind,
  type FilterNode,
  type FilterOperator,
  formatCents,
  isDecimalText,
  isListOperator,
  isNumericRule,
  operatorsFor,
  parseProductSetFilter,
  PRICE_FIELDS,
  ProductSetFilterError,
  shiftDecimal,
} from '@adloom/commerce';

/** A field a rule can test, as productSetFields lists it. */
export interface RuleField {
  name: string;
  label: string;
  kind: FieldKind;
  /** A column of the feed that the importer kept as an extra field (always text). */
  extra?: boolean;
}

export type Operator = FilterOperator;

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

// ---- Tree → Meta's JSON ----

/**
 * The number a numeric value is sent as (prices in cents). Text that is not a number is sent
 * as it is, so that the server names it: toFilterJson never refuses a tree.
 */
function numberValue(field: string, text: string): number | string {
  if (!isDecimalText(text)) return text;
  return PRICE_FIELDS.has(field) ? decimalToCents(text) : Number(shiftDecimal(text, 0));
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

/** A value of the parsed filter as the editor's text: prices from cents, other numbers as written. */
const valueText = (field: string, value: string | number): string =>
  typeof value === 'string' ? value : PRICE_FIELDS.has(field) ? formatCents(value) : String(value);

/** The editor's node for a node of the parsed filter. */
function editorNode(node: FilterNode): EditorNode {
  if (node.type !== 'rule') return newGroup(node.type, node.rules.map(editorNode));
  const rule: RuleNode = {
    type: 'rule',
    id: nodeId(),
    field: node.field,
    operator: node.operator,
    value: '',
    values: [],
  };
  if (Array.isArray(node.value))
    return { ...rule, values: node.value.map((value: string | number) => valueText(node.field, value)) };
  return { ...rule, value: valueText(node.field, node.value) };
}

/**
 * The editor's tree for Meta's filter JSON (already parsed), or why it is not a filter: the server's
 * message, which starts with the path of the faulty part.
 */
export function fromFilterJson(json: unknown): { root: GroupNode } | { error: string } {
  try {
    const filter = parseProductSetFilter(json);
    if (filter.type === 'all') return { root: newGroup() };
    const node = editorNode(filter);
    return { root: node.type === 'group' ? node : newGroup('and', [node]) };
  } catch (error) {
    if (error instanceof ProductSetFilterError) return { error: error.message };
    throw error;
  }
}

/** Reads filter JSON text; an empty text is `{}`. */
export function parseFilterText(text: string): { root: GroupNode } | { error: string } {
  if (text.trim() === '') return { root: newGroup() };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: 'The filter is not valid JSON.' };
  }
  return fromFilterJson(json);
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
