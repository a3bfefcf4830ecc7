import { RENDERER_ERRORS, fillTemplateString, parseTemplateString } from '@adloom/template';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FILTER_CHOICE_LIST,
  addFilter,
  escapeFilterArg,
  filterProblem,
  insertPlaceholder,
  placeholderSpans,
  targetPlaceholder,
  templateStringProblem,
} from './templateText';

describe('placeholderSpans', () => {
  it('finds each placeholder where it is written, escapes and plain braces included', () => {
    const text = 'Now {price_super|math:*0.8} { not one } {title|remove:a\\|b}!';
    const spans = placeholderSpans(text);
    expect(spans.map((span) => text.slice(span.start, span.end))).toEqual([
      '{price_super|math:*0.8}',
      '{title|remove:a\\|b}',
    ]);
    expect(spans.map((span) => span.key)).toEqual(['price_super', 'title']);
  });
});

describe('insertPlaceholder', () => {
  it('puts {key} at the cursor and the cursor after it', () => {
    expect(insertPlaceholder('Only !', { start: 5, end: 5 }, 'price')).toEqual({
      text: 'Only {price}!',
      cursor: 12,
    });
  });

  it('replaces the selected text', () => {
    expect(insertPlaceholder('Buy NAME now', { start: 4, end: 8 }, 'title').text).toBe('Buy {title} now');
  });

  it('never splits a placeholder: inside one, the new one goes after it', () => {
    expect(insertPlaceholder('{brand} and', { start: 3, end: 3 }, 'title')).toEqual({
      text: '{brand}{title} and',
      cursor: 14,
    });
  });
});

describe('targetPlaceholder and addFilter', () => {
  const text = '{title} for {price}';

  it('takes the placeholder the cursor is in or next to', () => {
    expect(targetPlaceholder(text, 3)?.key).toBe('title');
    expect(targetPlaceholder(text, 7)?.key).toBe('title');
    expect(targetPlaceholder(text, 12)?.key).toBe('price');
  });

  it('takes the last placeholder when the cursor is in plain text', () => {
    expect(targetPlaceholder(text, 9)?.key).toBe('price');
    expect(addFilter(text, 9, { name: 'uppercase', arg: null })?.text).toBe('{title} for {price|uppercase}');
  });

  it('appends after the filters already there and moves the cursor past the placeholder', () => {
    const first = addFilter(text, 2, { name: 'maxlength', arg: '20' })!;
    expect(first).toEqual({ text: '{title|maxlength:20} for {price}', cursor: 20 });
    expect(addFilter(first.text, first.cursor, { name: 'titlecase', arg: null })?.text).toBe(
      '{title|maxlength:20|titlecase} for {price}',
    );
  });

  it('has nothing to add to in a text without placeholders', () => {
    expect(addFilter('Sale!', 2, { name: 'uppercase', arg: null })).toBeUndefined();
  });

  it('writes arguments so the renderer reads them back exactly, regular expressions included', () => {
    const edit = addFilter('{title}', 0, { name: 'remove', arg: '\\s+(a|b)\\{2\\}\\' })!;
    const [segment] = parseTemplateString(edit.text);
    expect(segment).toMatchObject({ kind: 'placeholder', filters: [{ name: 'remove' }] });
    expect(segment?.kind === 'placeholder' && segment.filters[0]?.arg).toBe('\\s+(a|b)\\{2\\}\\');
    expect(escapeFilterArg('\\s+')).toBe('\\s+');
    fc.assert(
      fc.property(fc.string(), (arg) => {
        const written = addFilter('{title}', 0, { name: 'remove', arg })!.text;
        const parsed = parseTemplateString(written);
        expect(parsed).toHaveLength(1);
        expect(parsed[0]?.kind === 'placeholder' && parsed[0].filters[0]?.arg).toBe(arg);
      }),
    );
  });

  it('builds filters the renderer applies', () => {
    let edit = insertPlaceholder('', { start: 0, end: 0 }, 'price');
    edit = addFilter(edit.text, edit.cursor, { name: 'math', arg: '*0.5' })!;
    edit = addFilter(edit.text, edit.cursor, { name: 'format', arg: '#,##0.00:de' })!;
    expect(edit.text).toBe('{price|math:*0.5|format:#,##0.00:de}');
    expect(fillTemplateString(edit.text, { price: '2469.98' })).toMatchObject({ text: '1.234,99' });
  });
});

describe('filterProblem and templateStringProblem', () => {
  it("says, in the spec's words, why a math expression is refused (section 5)", () => {
    expect(filterProblem({ name: 'math', arg: '*0.8' })).toBeNull();
    expect(filterProblem({ name: 'math', arg: '+ (2 - 1) / 4' })).toBeNull();
    expect(filterProblem({ name: 'math', arg: '*x' })).toBe(RENDERER_ERRORS.mathInvalidInput);
    expect(filterProblem({ name: 'math', arg: '/0' })).toBe(
      RENDERER_ERRORS.mathFailed(RENDERER_ERRORS.mathNotANumber),
    );
    expect(RENDERER_ERRORS.mathInvalidInput).toBe(
      'Invalid input: only numbers, basic operators for input value are allowed.',
    );
  });

  it('refuses other arguments the renderer cannot use', () => {
    expect(filterProblem({ name: 'maxlength', arg: '20' })).toBeNull();
    expect(filterProblem({ name: 'maxlength', arg: 'twenty' })).not.toBeNull();
    expect(filterProblem({ name: 'idiv', arg: '0' })).not.toBeNull();
    expect(filterProblem({ name: 'remove', arg: '(' })).not.toBeNull();
    expect(filterProblem({ name: 'shout', arg: null })).toMatch(/Unknown filter 'shout'/);
  });

  it('reports the first failing filter of a template string', () => {
    expect(templateStringProblem('{title|uppercase} {price|math:*0.8}')).toBeNull();
    expect(templateStringProblem('{title|uppercase} {price|math:*a}')).toBe(RENDERER_ERRORS.mathInvalidInput);
    expect(templateStringProblem('{50% off|math:*a}')).toBeNull();
  });

  it('offers every filter of the template format once', () => {
    expect(FILTER_CHOICE_LIST.map((choice) => choice.name).sort()).toEqual(
      ['capitalize', 'format', 'idiv', 'math', 'maxlength', 'remove', 'titlecase', 'uppercase'].sort(),
    );
    expect(FILTER_CHOICE_LIST.filter((choice) => choice.argument).map((choice) => choice.name)).toEqual([
      'maxlength',
      'format',
      'math',
      'idiv',
      'remove',
    ]);
  });
});
