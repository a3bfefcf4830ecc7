import type { PermissionsShape } from '../../graphql/context.js';
import type { MembershipRow, UserRow } from '../../db/schema.js';

/** Initials: first letters of first and last name, falling back to the first letter of the e-mail (spec 3). */
export function initialsOf(user: { firstName: string; lastName: string; email: string }): string {
  const fromName = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (fromName || user.email.trim().charAt(0)).toUpperCase();
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

const NO_PERMISSIONS: PermissionsShape = { isActive: false, isAdmin: false, isClientUser: false };
/** Staff act as admins in any client they open, without being members of it. */
export const STAFF_PERMISSIONS: PermissionsShape = { isActive: true, isAdmin: true, isClientUser: false };

/** What a user may do in a client: an active membership's rights, else staff's, else none. */
export function permissionsOf(user: UserRow, membership: MembershipRow | undefined): PermissionsShape {
  if (membership?.isActive)
    return { isActive: true, isAdmin: membership.isAdmin, isClientUser: membership.isClientUser };
  if (user.isStaff || user.isSuperUser) return STAFF_PERMISSIONS;
  if (membership)
    return { isActive: false, isAdmin: membership.isAdmin, isClientUser: membership.isClientUser };
  return NO_PERMISSIONS;
}
