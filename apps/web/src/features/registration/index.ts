/** Registration, e-mail verification, a first workspace and invitations: screens loaded on demand. */
export const loadRegisterScreen = () => import('./RegisterScreen');
export const loadVerifyEmailScreen = () => import('./VerifyEmailScreen');
export const loadCreateWorkspaceScreen = () => import('./CreateWorkspaceScreen');
export const loadInvitationScreen = () => import('./InvitationScreen');
export const loadLimitedAccessScreen = () => import('./LimitedAccessScreen');
export const loadSignInIssueScreen = () => import('./SignInIssueScreen');
