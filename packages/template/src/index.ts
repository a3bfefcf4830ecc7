/** @adloom/template: the template contract shared by the builder, the renderer and the server. */
export * from './autoTags.js';
export * from './constants.js';
export * from './derivedKeys.js';
export * from './document.js';
export * from './errors.js';
export * from './filters.js';
export * from './ids.js';
export * from './layerData.js';
export * from './math.js';
export * from './metadata.js';
export * from './migrations.js';
export * from './numberFormat.js';
export * from './placeholders.js';
export * from './predicates.js';
export * from './slots.js';
export * from './svgMetadata.js';
export * from './validation.js';
