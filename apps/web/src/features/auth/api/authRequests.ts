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

export function verifyEmail(token: string): Promise<ApiResult<{ ok: true; next?: string }>> {
  return postJson('/auth/verify/', { token });
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
