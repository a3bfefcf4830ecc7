export * from './metrics.js';
export * from './breakdowns.js';
