/** The builder's model: types, factories, change functions and save rules (ARCHITECTURE.md, `model/`). */
export * from './changes.js';
export * from './definitions.js';
export * from './layerIds.js';
export * from './layers.js';
export * from './matrix.js';
export * from './normalize.js';
export * from './normalizeLayer.js';
export * from './numbers.js';
export * from './pathData.js';
export * from './tree.js';
export * from './types.js';
export * from './validation.js';
// The kinds' own defaults and rules, which the model's users have always found here.
export {
  DEFAULT_RATING,
  DEFAULT_SHAPE_FILL,
  DEFAULT_STAR_COLORS,
  DEFAULT_TEXT,
  TEXT_MIN_WIDTH,
  checkRatingValue,
  textBoxHeight,
} from '../layers/index.js';
export * from './arrange.js';
