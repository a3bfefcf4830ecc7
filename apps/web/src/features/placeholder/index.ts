/** The screen of a page the product has not built yet, loaded on demand. */
export const loadPlaceholderScreen = () => import('./PlaceholderScreen');
