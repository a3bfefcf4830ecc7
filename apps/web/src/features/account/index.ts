/** The account pages and the client pages shown instead of a screen (plan expired, unauthorized), loaded on demand. */
export const loadAccountLayout = () => import('./AccountLayout');
export const loadAccountSettingsScreen = () => import('./AccountSettingsScreen');
export const loadPlanExpiredScreen = () => import('./PlanExpiredScreen');
export const loadUnauthorizedScreen = () => import('./UnauthorizedScreen');
