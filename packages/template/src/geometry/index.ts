/** SVG geometry shared by the builder and the renderer: matrices, the transform attribute, numbers. */
export * from './matrix.js';
export * from './svgNumber.js';
export * from './transform.js';
