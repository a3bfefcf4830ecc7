/** The brand kit screen (loaded on demand), and what the builder uses to add a brand colour. */
export { CreateBrandKitItemMutation } from './api/createBrandKitItem';
export { brandKitContext } from './brandKit';

export const loadBrandKitScreen = () => import('./BrandKitScreen');
