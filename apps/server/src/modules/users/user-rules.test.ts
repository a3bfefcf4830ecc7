import { describe, expect, it } from 'vitest';
import type { MembershipRow, UserRow } from '../../db/schema.js';
import { initialsOf, isValidEmail, normaliseEmail, permissionsOf } from './user-rules.js';

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

describe('permissions in a client', () => {
  const user = (staff: boolean) => ({ isStaff: staff, isSuperUser: false }) as UserRow;
  const membership = (isActive: boolean) =>
    ({ isActive, isAdmin: true, isClientUser: false }) as MembershipRow;
  it("an active membership's rights", () =>
    expect(permissionsOf(user(false), membership(true))).toEqual({
      isActive: true,
      isAdmin: true,
      isClientUser: false,
    }));
  it('staff act as admins without a membership', () =>
    expect(permissionsOf(user(true), undefined)).toEqual({
      isActive: true,
      isAdmin: true,
      isClientUser: false,
    }));
  it('an inactive member and a stranger are not active', () => {
    expect(permissionsOf(user(false), membership(false)).isActive).toBe(false);
    expect(permissionsOf(user(false), undefined)).toEqual({
      isActive: false,
      isAdmin: false,
      isClientUser: false,
    });
  });
});
