/** The staff portal's layout and screens, loaded on demand. */
export const loadPortalLayout = () => import('./PortalLayout');
export const loadPortalClientsScreen = () => import('./PortalClientsScreen');
export const loadPortalCreateClientScreen = () => import('./PortalCreateClientScreen');
export const loadPortalClientScreen = () => import('./PortalClientScreen');
export const loadPortalClientFeaturesScreen = () => import('./PortalClientFeaturesScreen');
export const loadPortalClientMsaScreen = () => import('./PortalClientMsaScreen');
export const loadOutboxScreen = () => import('./OutboxScreen');
export const loadPortalAuditLogScreen = () => import('./PortalAuditLogScreen');
