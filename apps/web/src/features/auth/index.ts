/**
 * Signing in and out, password reset, and the auth requests registration uses. The screens load on
 * demand (one chunk each).
 */
export {
  acceptInvitation,
  register,
  resendAuth0Verification,
  verifyEmail,
  type InvitationAcceptance,
} from './api/authRequests';
export { authErrorMessage } from './authMessages';
export { newPasswordValidation } from './newPassword';
export { useSignOut } from './useSignOut';

export const loadLoginChoiceScreen = () => import('./LoginChoiceScreen');
export const loadLocalLoginScreen = () => import('./LocalLoginScreen');
export const loadForgotPasswordScreen = () => import('./ForgotPasswordScreen');
export const loadResetPasswordScreen = () => import('./ResetPasswordScreen');
