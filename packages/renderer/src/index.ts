/**
 * @adloom/renderer: fills a saved SVG template (spec sections 4, 5 and 9). This entry point has no
 * Node imports so the browser build can use it; the server API is `@adloom/renderer/server`.
 */
export * from './fonts/catalogue.js';
export type { ImageFit, ImageKind, ImageNeed } from './resolve/context.js';
export {
  blurPlan,
  drawnImageSize,
  embedImages,
  MAX_DRAWN_PIXELS,
  type BlurPlan,
  type EmbeddedImage,
} from './resolve/embed.js';
export { RendererError, TemplateParseError, describeError } from './resolve/errors.js';
export { readImageSize, type ImageSize, type SizedFormat } from './images/image-size.js';
export {
  checkImagePixels,
  decodeDataUrl,
  MAX_IMAGE_PIXELS,
  tooManyPixelsError,
} from './images/pixel-limit.js';
export { checkTemplatePictures } from './resolve/pictures.js';
export { ImageLoadError, type ImageLoadErrorCode, type ImageSubject } from './server/images/errors.js';
export { DEFAULT_PARSE_LIMITS, parseXml, type ParseLimits } from './resolve/parse.js';
export {
  normalizeRequest,
  type CustomFont,
  type FontFile,
  type LogoFile,
  type NormalizedRequest,
  type RenderInput,
  type RenderRequest,
} from './resolve/request.js';
export {
  layerNameFromId,
  layerPresence,
  NO_RATING_COLUMN,
  planLayerPresence,
  vanishLabel,
  vanishSentence,
  type LayerPresencePlan,
  type PresenceOptions,
  type VanishingLayer,
  type VanishReason,
} from './resolve/presence.js';
export { resolveTemplate, type ResolvedTemplate, type ResolveOptions } from './resolve/resolve.js';
export { blurDeviationFraction } from './resolve/rules/blur.js';
export { sanitizeTemplate, type SanitizeResult } from './resolve/sanitize.js';
export { serializeXml } from './resolve/serialize.js';
export { MAX_TEMPLATE_SIZE, readTemplate, type SvgTemplate } from './resolve/template.js';
export { FontCache, parseFont, type FontSource, type LoadedFace } from './resolve/text/font-loader.js';
export { loadTextFonts, type FontLoadOptions, type TextFontNeed } from './resolve/text/font-loader.js';
export {
  FIT_ELLIPSIS,
  fitFontSize,
  fittedFontSize,
  layoutFittedBox,
  type TextFit,
} from './resolve/text/fit.js';
export type { XmlElement, XmlNode, XmlText } from './resolve/xml.js';
