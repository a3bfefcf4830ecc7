import type { ApiError } from '../../lib/http';

/** The sentence shown for an error answer of the auth endpoints. */
export function authErrorMessage(error: ApiError): string {
  switch (error.code) {
    case 'INVALID_CREDENTIALS':
      return error.message ?? 'The email or password is wrong.';
    case 'EMAIL_NOT_VERIFIED':
      return 'Your email address is not verified yet. Open the link in the email we sent you, then sign in.';
    case 'RATE_LIMITED':
      return error.message ?? 'Too many attempts. Wait a few minutes, then try again.';
    case 'TOKEN_INVALID':
      return 'This link is invalid, has already been used or has expired.';
    case 'SIGN_IN_REQUIRED':
      return 'You already have an account: sign in first, then open the invitation link again.';
    default:
      return error.message ?? `Something went wrong (${error.code}). Try again.`;
  }
}
