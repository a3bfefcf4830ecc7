import { describe, expect, it } from 'vitest';
import { codePointLength, textIssues } from './text.js';

const DESCRIPTION = 'A vibrant crewneck for all shapes and sizes. Made from 100% cotton.';
const titleIssues = (title: string) => textIssues({ title, description: DESCRIPTION });
const descriptionIssues = (description: string) => textIssues({ title: 'T-shirt', description });

describe('codePointLength', () => {
  it('counts an emoji (a surrogate pair in UTF-16) as one', () => {
    expect('👕'.length).toBe(2);
    expect(codePointLength('👕')).toBe(1);
    expect(codePointLength('Café 👕')).toBe(6);
  });
});

describe('textIssues', () => {
  it('finds nothing wrong with a short title and description', () => {
    expect(titleIssues('Blue T-shirt (Unisex)')).toEqual([]);
  });

  it('calls an empty or blank title and description missing', () => {
    expect(textIssues({ title: '', description: ' \n ' })).toEqual(['missing_title', 'missing_description']);
  });

  it('allows Google 150 characters of title and Meta 200', () => {
    expect(titleIssues('a'.repeat(150))).toEqual([]);
    expect(titleIssues('a'.repeat(151))).toEqual(['title_too_long_google']);
    expect(titleIssues('a'.repeat(200))).toEqual(['title_too_long_google']);
    expect(titleIssues('a'.repeat(201))).toEqual(['title_too_long_google', 'title_too_long_meta']);
  });

  it('counts an emoji as one character at the limit', () => {
    expect(titleIssues(`${'a'.repeat(149)}👕`)).toEqual([]);
    expect(titleIssues(`${'a'.repeat(150)}👕`)).toEqual(['title_too_long_google']);
    expect(titleIssues('👕'.repeat(200))).toEqual(['title_too_long_google']);
  });

  it('does not count the spaces around a title', () => {
    expect(titleIssues(`  ${'a'.repeat(150)}  `)).toEqual([]);
  });

  it('allows Google 5,000 characters of description and Meta 9,999', () => {
    expect(descriptionIssues('d'.repeat(5000))).toEqual([]);
    expect(descriptionIssues('d'.repeat(5001))).toEqual(['description_too_long_google']);
    expect(descriptionIssues('d'.repeat(9999))).toEqual(['description_too_long_google']);
    expect(descriptionIssues('d'.repeat(10000))).toEqual([
      'description_too_long_google',
      'description_too_long_meta',
    ]);
    expect(descriptionIssues(`${'d'.repeat(4999)}👕`)).toEqual([]);
  });
});
