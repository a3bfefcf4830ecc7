import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolvePlaceholderValue, superscriptCents } from './derivedKeys.js';
import {
  fillTemplateString,
  missingPlaceholderKeys,
  parseTemplateString,
  placeholderKeys,
  type TemplateSegment,
  type TemplateWarning,
} from './placeholders.js';

function collect(): { warnings: TemplateWarning[]; onWarning: (warning: TemplateWarning) => void } {
  const warnings: TemplateWarning[] = [];
  return { warnings, onWarning: (warning) => warnings.push(warning) };
}

describe('parseTemplateString', () => {
  it('reads keys and filters with arguments', () => {
    expect(parseTemplateString('Now {price|math:*0.8|format:#,##0.00:de}!')).toEqual([
      { kind: 'text', text: 'Now ' },
      {
        kind: 'placeholder',
        key: 'price',
        filters: [
          { name: 'math', arg: '*0.8' },
          { name: 'format', arg: '#,##0.00:de' },
        ],
        source: '{price|math:*0.8|format:#,##0.00:de}',
      },
      { kind: 'text', text: '!' },
    ]);
  });

  it('keeps braces that hold no valid key as text', () => {
    expect(parseTemplateString('{ "a": 1 } {50% off} {} {a {b}')).toEqual([
      { kind: 'text', text: '{ "a": 1 } {50% off} {} {a ' },
      { kind: 'placeholder', key: 'b', filters: [], source: '{b}' },
    ]);
    expect(parseTemplateString('unclosed {price')).toEqual([{ kind: 'text', text: 'unclosed {price' }]);
  });

  it('reads escaped | and } inside a filter argument and keeps other backslashes', () => {
    const [segment] = parseTemplateString('{title|remove:\\s+\\|-|uppercase}');
    expect(segment).toMatchObject({
      key: 'title',
      filters: [
        { name: 'remove', arg: '\\s+|-' },
        { name: 'uppercase', arg: null },
      ],
    });
    const [braces] = parseTemplateString('{code|remove:a\\{2\\}}');
    expect(braces).toMatchObject({ filters: [{ name: 'remove', arg: 'a{2}' }] });
  });

  it('lists the distinct keys', () => {
    expect(placeholderKeys('{brand} {price_super} {brand|uppercase}')).toEqual(['brand', 'price_super']);
  });

  it('loses nothing: the texts and sources put together give back the template', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('{', '}', '|', ':', '\\', 'a', 'b', '_', ' ', '1', 'é') }),
        (template) => {
          const joined = parseTemplateString(template)
            .map((segment: TemplateSegment) => (segment.kind === 'text' ? segment.text : segment.source))
            .join('');
          expect(joined).toBe(template);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('missingPlaceholderKeys', () => {
  it('names each key without a value once, as fillTemplateString clears for them', () => {
    const segments = parseTemplateString('{brand} {price_super} {brand} {title}');
    expect(missingPlaceholderKeys(segments, { title: 'Kettle', price: '' })).toEqual([
      'brand',
      'price_super',
    ]);
    expect(missingPlaceholderKeys(segments, { brand: 'A', title: 'K', price: '9.99' })).toEqual([]);
    expect(fillTemplateString('{brand} {price_super} {brand} {title}', { title: 'Kettle' })).toEqual({
      kind: 'cleared',
      missingKeys: ['brand', 'price_super'],
    });
  });
});

describe('fillTemplateString', () => {
  it('replaces keys with metadata values', () => {
    expect(fillTemplateString('{brand} {title}', { brand: 'Acme', title: 'Kettle' })).toEqual({
      kind: 'filled',
      runs: [{ text: 'Acme Kettle', superscript: false }],
      text: 'Acme Kettle',
    });
    expect(fillTemplateString('{num_beds} beds', { num_beds: 3 })).toMatchObject({ text: '3 beds' });
  });

  it('clears the whole text and warns when a value is missing', () => {
    const { warnings, onWarning } = collect();
    const result = fillTemplateString(
      '{brand} from {price}, {missing} {none}',
      { brand: 'A', none: ' ' },
      {
        onWarning,
      },
    );
    expect(result).toEqual({ kind: 'cleared', missingKeys: ['price', 'missing', 'none'] });
    expect(warnings.map((warning) => warning.message)).toEqual([
      'Missing metadata value for {price}; the text is cleared',
      'Missing metadata value for {missing}; the text is cleared',
      'Missing metadata value for {none}; the text is cleared',
    ]);
  });

  it('does not take Object methods for metadata', () => {
    expect(fillTemplateString('{constructor}', {})).toEqual({
      kind: 'cleared',
      missingKeys: ['constructor'],
    });
  });

  it('applies filters in order', () => {
    expect(
      fillTemplateString('{title|titlecase|maxlength:12}', { title: 'THE LORD OF THE RINGS' }),
    ).toMatchObject({
      text: 'The Lord of',
    });
  });

  it('reports a failing filter and leaves the value unchanged, then goes on with the next filter', () => {
    const { warnings, onWarning } = collect();
    const result = fillTemplateString('{price|math:*x|bogus|idiv:2}', { price: '10' }, { onWarning });
    expect(result).toMatchObject({ text: '5' });
    expect(warnings).toEqual([
      {
        kind: 'filterFailed',
        key: 'price',
        filter: 'math',
        message:
          "Filter 'math' failed on {price}: Invalid input: only numbers, basic operators for input value are allowed.",
      },
      expect.objectContaining({ kind: 'filterFailed', filter: 'bogus' }),
    ]);
  });

  it('draws the cents of a _super price as superscript, also after filters', () => {
    expect(fillTemplateString('Only ${price_super}!', { price: '19.99' })).toEqual({
      kind: 'filled',
      runs: [
        { text: 'Only $19', superscript: false },
        { text: '99', superscript: true },
        { text: '!', superscript: false },
      ],
      text: 'Only $1999!',
    });
    expect(fillTemplateString('{price_super|format:#,##0.00:de}', { price: '1299.5 EUR' })).toMatchObject({
      runs: [
        { text: '1.299', superscript: false },
        { text: '50', superscript: true },
      ],
    });
  });

  it('removes the characters XML cannot hold from values, also ones a filter left', () => {
    expect(fillTemplateString('{title}!', { title: 'Trail\u000bshoe\u0000' })).toEqual({
      kind: 'filled',
      runs: [{ text: 'Trailshoe!', superscript: false }],
      text: 'Trailshoe!',
    });
    // maxlength counts code points; a lone surrogate in the feed must not reach the SVG either.
    expect(fillTemplateString('{title|uppercase}', { title: 'a\ud800b' })).toMatchObject({ text: 'AB' });
  });

  it('fills the template with every value when all keys are present', () => {
    const key = fc.stringMatching(/^[a-z][a-z_]{0,8}$/).filter((k) => !/^(price|sale_price)/.test(k));
    const value = fc
      .string({ unit: fc.constantFrom('a', 'B', ' ', '1', '{', '}', '|'), minLength: 1 })
      .filter((v) => v.trim() !== '');
    fc.assert(
      fc.property(
        fc.dictionary(key, value, { minKeys: 1 }),
        fc.string({ unit: fc.constantFrom('x', ' ', '.') }),
        (metadata, glue) => {
          const keys = Object.keys(metadata);
          const template = keys.map((k) => `{${k}}`).join(glue);
          expect(fillTemplateString(template, metadata)).toMatchObject({
            kind: 'filled',
            text: keys.map((k) => metadata[k]).join(glue),
          });
        },
      ),
    );
  });
});

describe('derived keys', () => {
  it('price_delta is price minus sale_price with 2 decimals, default 0', () => {
    expect(resolvePlaceholderValue('price_delta', { price: '20', sale_price: '14.51' })?.text).toBe('5.49');
    expect(
      resolvePlaceholderValue('price_delta', { price: '19.99 USD', sale_price: '14.99 USD' })?.text,
    ).toBe('5.00');
    expect(resolvePlaceholderValue('price_delta', { price: '20' })?.text).toBe('0.00');
    expect(resolvePlaceholderValue('price_delta', {})?.text).toBe('0.00');
    expect(resolvePlaceholderValue('price_delta', { price_delta: 'given' })?.text).toBe('given');
  });

  it('the variants round, floor, super and dot exist for price, sale_price and price_delta', () => {
    const metadata = { price: '19.5', sale_price: '12.349', price_delta: undefined };
    expect(resolvePlaceholderValue('price_round', metadata)).toEqual({ text: '20', superscriptCents: false });
    expect(resolvePlaceholderValue('price_floor', metadata)).toEqual({ text: '19', superscriptCents: false });
    expect(resolvePlaceholderValue('price_dot', metadata)).toEqual({
      text: '19.50',
      superscriptCents: false,
    });
    expect(resolvePlaceholderValue('price_super', metadata)).toEqual({
      text: '19.50',
      superscriptCents: true,
    });
    expect(resolvePlaceholderValue('sale_price_dot', metadata)?.text).toBe('12.35');
    expect(resolvePlaceholderValue('price_delta_round', metadata)?.text).toBe('7');
    expect(resolvePlaceholderValue('price_delta_dot', metadata)?.text).toBe('7.15');
  });

  it('a metadata value wins over a derived one, and a variant of a missing price is missing', () => {
    expect(resolvePlaceholderValue('price_round', { price: '1', price_round: 'own' })?.text).toBe('own');
    expect(resolvePlaceholderValue('sale_price_round', { price: '1' })).toBeUndefined();
    expect(resolvePlaceholderValue('price_round', { price: 'call us' })).toBeUndefined();
    expect(resolvePlaceholderValue('rating_value_round', { rating_value: '4.5' })).toBeUndefined();
  });

  it('superscriptCents splits at the last decimal separator', () => {
    expect(superscriptCents('19.99')).toEqual([
      { text: '19', superscript: false },
      { text: '99', superscript: true },
    ]);
    expect(superscriptCents('1 299,50 €')).toEqual([
      { text: '1 299', superscript: false },
      { text: '50', superscript: true },
      { text: ' €', superscript: false },
    ]);
    expect(superscriptCents('20')).toEqual([{ text: '20', superscript: false }]);
  });
});
