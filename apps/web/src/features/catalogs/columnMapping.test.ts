import { describe, expect, it } from 'vitest';
import {
  applyChoices,
  fieldsChosenTwice,
  initialChoices,
  mappingOptions,
  parseColumnMapping,
  sameMapping,
} from './columnMapping';

describe('column mapping', () => {
  it('reads the stored mapping, ignoring what is not text', () => {
    expect(parseColumnMapping('{"sku":"id","n":1}')).toEqual({ sku: 'id' });
    expect(parseColumnMapping('nonsense')).toEqual({});
    expect(parseColumnMapping('["a"]')).toEqual({});
  });
  it('starts each column at its stored choice or as an extra field', () => {
    expect(initialChoices(['sku', 'colour'], { sku: 'id', other: 'title' })).toEqual({
      sku: 'id',
      colour: 'extra',
    });
  });
  it('stores the choices over the old mapping; keeping a column removes its entry', () => {
    expect(
      applyChoices(
        { sku: 'id', old: 'ignore', colour: 'custom_label_1' },
        { colour: 'extra', marke: 'brand' },
      ),
    ).toEqual({ sku: 'id', old: 'ignore', marke: 'brand' });
  });
  it('finds a field chosen for two columns', () => {
    expect(
      fieldsChosenTwice({ a: 'brand', b: 'brand', c: 'ignore', d: 'ignore', e: 'extra', f: 'extra' }),
    ).toEqual(['brand']);
  });
  it('offers keep, ignore and then the fields the server lists', () => {
    const options = mappingOptions(['id', 'custom_label_4']);
    expect(options.map((o) => o.label)).toEqual([
      'Keep as extra field',
      'Ignore this column',
      'id',
      'custom_label_4',
    ]);
    expect(options.map((o) => o.value)).toEqual(['extra', 'ignore', 'id', 'custom_label_4']);
  });
  it('compares mappings whatever their key order', () => {
    expect(sameMapping({ a: 'id', b: 'ignore' }, { b: 'ignore', a: 'id' })).toBe(true);
    expect(sameMapping({ a: 'id' }, { a: 'id', b: 'ignore' })).toBe(false);
    expect(sameMapping({ a: 'id' }, { a: 'title' })).toBe(false);
  });
});
