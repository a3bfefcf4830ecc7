/** Integrations: the page that connects Meta and imports Ads Manager exports (loaded on demand). */
export const loadIntegrationsScreen = () => import('./IntegrationsScreen');
