/**
 * @adloom/renderer: fills a saved SVG template (spec sections 4, 5 and 9). This entry point has no
 * Node imports so the browser build can use it; the server API is in `./server/render.ts`.
 */
export * from './fonts/catalogue.js';
export { RendererError, TemplateParseError, describeError } from './resolve/errors.js';
export { DEFAULT_PARSE_LIMITS, parseXml, type ParseLimits } from './resolve/parse.js';
export { sanitizeTemplate, type SanitizeResult } from './resolve/sanitize.js';
export { serializeXml } from './resolve/serialize.js';
export { MAX_TEMPLATE_SIZE, readTemplate, type SvgTemplate } from './resolve/template.js';
export type { XmlElement, XmlNode, XmlText } from './resolve/xml.js';
