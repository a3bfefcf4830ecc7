// The renderer's XML reading and writing alone, without its fonts and drawing: for the builder, which reads
// and writes templates with it and loads the rest of the renderer only when it draws (`@adloom/renderer/xml`).
export { DEFAULT_PARSE_LIMITS, parseXml, type ParseLimits } from './resolve/parse.js';
export { serializeXml } from './resolve/serialize.js';
export type { XmlElement, XmlNode, XmlText } from './resolve/xml.js';
