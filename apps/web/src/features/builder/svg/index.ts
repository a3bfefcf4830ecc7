/** The template SVG of a model and back (ARCHITECTURE.md, `svg/`). */
export { modelToSvg } from './modelToSvg.js';
export { svgToModel } from './svgToModel.js';
