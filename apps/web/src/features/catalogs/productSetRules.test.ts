import { describe, expect, it } from 'vitest';
import {
  appendNode,
  countRules,
  type EditorNode,
  fromFilterJson,
  type GroupNode,
  kindLookup,
  newGroup,
  newRule,
  parseFilterText,
  removeNode,
  type RuleField,
  type RuleNode,
  toFilterJson,
  updateNode,
  validateTree,
  withField,
  withOperator,
} from './productSetRules';

const fields: RuleField[] = [
  { name: 'id', label: 'id', kind: 'text' },
  { name: 'brand', label: 'brand', kind: 'text' },
  { name: 'price_amount', label: 'price', kind: 'number' },
  { name: 'inventory', label: 'inventory', kind: 'number' },
];
const kindOf = kindLookup(fields);
const field = (name: string) => fields.find((f) => f.name === name)!;

const rule = (name: string, operator: RuleNode['operator'], value: string | string[]): RuleNode => ({
  ...newRule(field(name) ?? { name, label: name, kind: 'text' }),
  field: name,
  operator,
  ...(Array.isArray(value) ? { values: value } : { value }),
});

/** The tree without its generated ids, to compare shapes. */
function shape(node: EditorNode): unknown {
  if (node.type === 'rule') {
    const { id: _id, ...rest } = node;
    return rest;
  }
  return { combinator: node.combinator, children: node.children.map(shape) };
}

function parsed(json: unknown): GroupNode {
  const result = fromFilterJson(json);
  if ('error' in result) throw new Error(result.error);
  return result.root;
}

describe('toFilterJson', () => {
  it('writes Meta’s JSON with prices ×100', () => {
    const root = newGroup('and', [
      rule('brand', 'eq', 'Acme'),
      newGroup('or', [rule('price_amount', 'lt', '50.00'), rule('inventory', 'gte', '3')]),
    ]);
    expect(toFilterJson(root, kindOf)).toEqual({
      and: [{ brand: { eq: 'Acme' } }, { or: [{ price_amount: { lt: 5000 } }, { inventory: { gte: 3 } }] }],
    });
  });
  it('writes lists as strings on text fields and numbers on numeric ones', () => {
    const root = newGroup('or', [
      rule('brand', 'is_any', ['Acme', '42']),
      rule('price_amount', 'is_not_any', ['9.99', '10']),
    ]);
    expect(toFilterJson(root, kindOf)).toEqual({
      or: [{ brand: { is_any: ['Acme', '42'] } }, { price_amount: { is_not_any: [999, 1000] } }],
    });
  });
  it('compares a text field as a number under lt..gte (extra fields)', () => {
    expect(toFilterJson(newGroup('and', [rule('size', 'lt', '10')]), kindOf)).toEqual({
      and: [{ size: { lt: 10 } }],
    });
  });
  it('writes {} for an empty editor, and leaves bad numbers for the server to name', () => {
    expect(toFilterJson(newGroup(), kindOf)).toEqual({});
    expect(toFilterJson(newGroup('and', [rule('price_amount', 'lt', 'cheap')]), kindOf)).toEqual({
      and: [{ price_amount: { lt: 'cheap' } }],
    });
  });
});

describe('fromFilterJson', () => {
  it('reads nested groups, prices as decimals, and round-trips', () => {
    const json = {
      and: [
        { brand: { eq: 'Acme' } },
        { or: [{ price_amount: { lt: 5000 } }, { brand: { is_any: ['A', 'B'] } }] },
      ],
    };
    const root = parsed(json);
    expect(shape(root)).toEqual({
      combinator: 'and',
      children: [
        { type: 'rule', field: 'brand', operator: 'eq', value: 'Acme', values: [] },
        {
          combinator: 'or',
          children: [
            { type: 'rule', field: 'price_amount', operator: 'lt', value: '50.00', values: [] },
            { type: 'rule', field: 'brand', operator: 'is_any', value: '', values: ['A', 'B'] },
          ],
        },
      ],
    });
    expect(toFilterJson(root, kindOf)).toEqual(json);
  });
  it('reads {} as an empty group, and a bare rule into an AND group', () => {
    expect(shape(parsed({}))).toEqual({ combinator: 'and', children: [] });
    const root = parsed({ price_amount: { gte: '1999' } });
    expect(shape(root)).toEqual({
      combinator: 'and',
      children: [{ type: 'rule', field: 'price_amount', operator: 'gte', value: '19.99', values: [] }],
    });
  });
  it('keeps numbers on text fields as text, and unknown fields as extra text fields', () => {
    const root = parsed({ and: [{ id: { eq: 42 } }, { colour: { i_contains: 'red' } }] });
    expect(toFilterJson(root, kindOf)).toEqual({
      and: [{ id: { eq: '42' } }, { colour: { i_contains: 'red' } }],
    });
  });
  it("says what is wrong with the server's words, with the path", () => {
    const error = (json: unknown) => {
      const result = fromFilterJson(json);
      return 'error' in result ? result.error : null;
    };
    expect(error([])).toMatch(/must be a JSON object/);
    expect(error({ brand: { eq: 'a' }, title: { eq: 'b' } })).toMatch(/a rule has one key/);
    expect(error({ and: [{ brand: { like: 'a' } }] })).toMatch(
      /^and\[0\]\.brand: unknown operator 'like'; use one of eq, /,
    );
    expect(error({ and: [{ price_amount: { contains: '5' } }] })).toBe(
      "and[0].price_amount: 'contains' needs a text field; price_amount is a number",
    );
    expect(error({ or: { brand: { eq: 'a' } } })).toBe("or: 'or' needs a list of rules, got an object");
    expect(error({ brand: { is_any: 'a' } })).toBe('brand: \'is_any\' needs a list, got "a"');
    expect(error({ brand: { eq: null } })).toBe("brand: 'eq' needs a string or a number, got null");
  });
  it('reads filter text, empty as every item', () => {
    expect('root' in parseFilterText('  ')).toBe(true);
    expect(parseFilterText('{"brand":')).toEqual({ error: 'The filter is not valid JSON.' });
  });
});

describe('validateTree', () => {
  it('finds missing and wrong values, and empty nested groups', () => {
    const emptyGroup = newGroup('or');
    const noPrice = rule('price_amount', 'lt', '');
    const badPrice = rule('price_amount', 'gt', 'abc');
    const noList = rule('brand', 'is_any', []);
    const badList = rule('inventory', 'is_any', ['1', 'x']);
    const noText = rule('brand', 'i_contains', '');
    const emptyIs = rule('brand', 'eq', '');
    const root = newGroup('and', [emptyGroup, noPrice, badPrice, noList, badList, noText, emptyIs]);
    expect(validateTree(root, kindOf)).toEqual([
      { nodeId: emptyGroup.id, message: 'This group is empty: add a rule or remove the group.' },
      { nodeId: noPrice.id, message: 'Enter a number.' },
      { nodeId: badPrice.id, message: 'Enter a price such as 49.99.' },
      { nodeId: noList.id, message: 'Add at least one value.' },
      { nodeId: badList.id, message: '“x” is not a number.' },
      { nodeId: noText.id, message: 'Enter a value.' },
    ]);
  });
  it('accepts an empty root (every item)', () => expect(validateTree(newGroup(), kindOf)).toEqual([]));
});

describe('editing the tree', () => {
  it('adds, updates and removes nodes without touching the others', () => {
    const first = rule('brand', 'eq', 'Acme');
    const inner = newGroup('or');
    let root = newGroup('and', [first, inner]);
    const added = rule('inventory', 'gt', '0');
    root = appendNode(root, inner.id, added);
    expect(countRules(root)).toBe(2);
    const before = root.children[0];
    root = updateNode(root, added.id, (node) => ({ ...node, value: '5' }) as RuleNode);
    expect(root.children[0]).toBe(before);
    expect(toFilterJson(root, kindOf)).toEqual({
      and: [{ brand: { eq: 'Acme' } }, { or: [{ inventory: { gt: 5 } }] }],
    });
    root = removeNode(root, inner.id);
    expect(toFilterJson(root, kindOf)).toEqual({ and: [{ brand: { eq: 'Acme' } }] });
  });
  it('keeps the operator and value when the new field is of the same kind', () => {
    const r = rule('brand', 'i_contains', 'ac');
    expect(withField(r, field('id'), kindOf)).toMatchObject({
      field: 'id',
      operator: 'i_contains',
      value: 'ac',
    });
    const priced = withField(r, field('price_amount'), kindOf);
    expect(priced).toMatchObject({ field: 'price_amount', operator: 'eq', value: '' });
    // A price and a count are both numbers, but 49.99 means something else in each.
    expect(withField(rule('price_amount', 'lt', '49.99'), field('inventory'), kindOf)).toMatchObject({
      operator: 'lt',
      value: '',
    });
  });
  it('moves the value into and out of the list when the operator changes', () => {
    const listed = withOperator(rule('brand', 'eq', 'Acme'), 'is_any');
    expect(listed).toMatchObject({ operator: 'is_any', values: ['Acme'], value: '' });
    expect(withOperator(listed, 'neq')).toMatchObject({ operator: 'neq', value: 'Acme', values: [] });
  });
  it('starts a new rule with the first operator that fits the field kind', () => {
    expect(newRule(field('price_amount')).operator).toBe('eq');
  });
});
