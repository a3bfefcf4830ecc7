/**
 * Ad templates: the templates, library and products hub screens (loaded on demand), the SVG import the
 * builder offers, the thumbnail feeds show, and template formatting.
 */
export { ImportProgress } from './ImportProgress';
export { ImportSvgButton } from './ImportSvgButton';
export { NotBuilderTemplate } from './NotBuilderTemplate';
export { formatSlotCount, formatTemplateSize, formatTimeAgo, storedFileUrl } from './templateFormat';
export { TemplateThumbnail } from './TemplateThumbnail';
export { useSvgImport } from './useSvgImport';

export const loadProductsHubScreen = () => import('./ProductsHubScreen');
export const loadTemplatesScreen = () => import('./TemplatesScreen');
export const loadLibraryScreen = () => import('./LibraryScreen');
