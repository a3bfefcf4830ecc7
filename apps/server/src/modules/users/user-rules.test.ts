import { describe, expect, it } from 'vitest';
import { initialsOf, isValidEmail, normaliseEmail } from './user-rules.js';

describe('initials (spec 3)', () => {
  it('takes the first letters of first and last name', () => {
    expect(initialsOf({ firstName: 'ada', lastName: 'Lovelace', email: 'x@y.z' })).toBe('AL');
  });
  it('uses whichever name part exists', () => {
    expect(initialsOf({ firstName: 'Grace', lastName: '', email: 'x@y.z' })).toBe('G');
  });
  it('falls back to the first letter of the e-mail', () => {
    expect(initialsOf({ firstName: ' ', lastName: '', email: 'zoe@example.com' })).toBe('Z');
  });
});

describe('e-mail', () => {
  it('normalises case and spaces', () =>
    expect(normaliseEmail('  Ann@Example.COM ')).toBe('ann@example.com'));
  it('accepts plain addresses and refuses malformed ones', () => {
    expect(isValidEmail('ann@example.com')).toBe(true);
    for (const bad of ['ann', 'ann@', '@example.com', 'a b@example.com', 'ann@example'])
      expect(isValidEmail(bad), bad).toBe(false);
  });
});
