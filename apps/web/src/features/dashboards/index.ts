/**
 * The advertising dashboards (issue 18): the overview (landing page), performance over time, ad insights
 * by breakdown, top and bottom ads, and the detailed report; creative features and DPA performance (issue
 * 19). Loaded on demand, charts included, so their
 * libraries stay out of the first page.
 */
export const loadOverviewScreen = () => import('./overview/OverviewScreen');
export const loadPerformanceScreen = () => import('./performance/PerformanceScreen');
export const loadAdInsightsScreen = () => import('./ad-insights/AdInsightsScreen');
export const loadTopBottomAdsScreen = () => import('./top-bottom-ads/TopBottomAdsScreen');
export const loadDetailedReportScreen = () => import('./detailed-report/DetailedReportScreen');
export const loadCreativeFeaturesScreen = () => import('./creative-features/CreativeFeaturesScreen');
export const loadCreativeFeatureScreen = () => import('./creative-features/CreativeFeatureScreen');
export const loadCreativeFeaturesDashboardScreen = () =>
  import('./creative-features/CreativeFeaturesDashboardScreen');
export const loadDpaOverviewScreen = () => import('./dpa/overview/DpaOverviewScreen');
export const loadDpaAdsScreen = () => import('./dpa/ads/DpaAdsScreen');
export const loadDpaItemsScreen = () => import('./dpa/items/DpaItemsScreen');
