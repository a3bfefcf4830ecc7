/** Creative features (issue 19): the fixed list, its version, and the pure rules that assign them. */
export {
  CREATIVE_FEATURES,
  CREATIVE_FEATURES_VERSION,
  creativeFeatureInfo,
  tagFeatureId,
  tagFeatureSlug,
  type CreativeFeatureInfo,
  type CreativeFeatureSource,
} from './features.js';
export { colorName, hexToHsl, imageFeatureIds, type ImageStats } from './imageFeatures.js';
export {
  aspectFeatureId,
  templateFeatureIds,
  type LayerBounds,
  type TemplateFeatureInput,
  type TemplateFeatureLayer,
} from './templateFeatures.js';
export { COLOR_NAMES, IMAGE_THRESHOLDS, type ColorName } from './thresholds.js';
