/** The renderer is built in its own issue; this package holds its place in the workspace layout. */
export const RENDERER_STATUS = 'not built yet' as const;

export * from './fonts/catalogue.js';
