import { type ApiResult, postJson } from '../../../lib/http';

// The server's JSON auth endpoints (apps/server/API.md). GraphQL operations live in their own files.

export function signIn(email: string, password: string): Promise<ApiResult<{ ok: true }>> {
  return postJson('/auth/login/', { email, password });
}

export function signOut(): Promise<ApiResult<{ ok: true }>> {
  return postJson('/auth/logout/');
}

export interface Registration {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function register(registration: Registration): Promise<ApiResult<{ ok: true }>> {
  return postJson('/auth/register/', registration);
}

/**
 * Opened in the browser that registered, the link signs in (`next`); anywhere else it verifies the
 * address without the password chosen at registration and gives a token to choose one (`passwordToken`).
 */
export function verifyEmail(
  token: string,
): Promise<ApiResult<{ ok: true; next?: string; passwordToken?: string }>> {
  return postJson('/auth/verify/', { token });
}

/** "Forgot password": the server mails a single-use link; the answer does not say whether the address has an account. */
export function requestPasswordReset(email: string): Promise<ApiResult<{ ok: true }>> {
  return postJson('/auth/password/forgot/', { email });
}

/** Sets a new password with the token of a reset link (every session of the user ends). */
export function resetPassword(token: string, password: string): Promise<ApiResult<{ ok: true }>> {
  return postJson('/auth/password/reset/', { token, password });
}

export interface InvitationAcceptance {
  token: string;
  firstName?: string;
  lastName?: string;
  password?: string;
}

export function acceptInvitation(
  acceptance: InvitationAcceptance,
): Promise<ApiResult<{ ok: true; clientId: string }>> {
  return postJson('/auth/invitation/accept/', acceptance);
}

export function resendAuth0Verification(): Promise<ApiResult<{ ok: true }>> {
  return postJson('/auth/auth0/resend_verification_link/');
}
