/**
 * resolve(request): the renderer's pure part. Template text and request in; a concrete SVG tree, the
 * images it needs and the dynamic layer count out. It follows the spec's renderer sequence (section 4):
 * parse, remove conditional layers, load fonts, insert logos, recolour, blurred background, copy layer,
 * fill text, rating, main images. Last, the template's own pictures become image needs too (pictures.ts).
 */
import type { ImageNeed } from './context.js';
import { createRuleContext } from './context.js';
import { registerTemplatePictures } from './pictures.js';
import { normalizeRequest, type NormalizedRequest } from './request.js';
import { addBlurredBackground } from './rules/blur.js';
import { removeConditionalLayers } from './rules/conditional.js';
import { addCopyLayer } from './rules/copy.js';
import { insertLogos } from './rules/logos.js';
import { placeMainImages } from './rules/main-images.js';
import { addRating } from './rules/rating.js';
import { recolourLayers } from './rules/recolour.js';
import { readTemplate } from './template.js';
import type { FontCache, FontSource } from './text/font-loader.js';
import { drawTexts, prepareTexts } from './text/texts.js';
import { localName, rewrite, type XmlElement } from './xml.js';

/** Options of resolveTemplate. */
export interface ResolveOptions {
  /** Off-screen mode: every main slot needs an input. Default: the request's addToDOM is false. */
  offscreen?: boolean;
  /** Called with each warning as it happens (they are also returned). */
  onWarning?: (message: string) => void;
  /** Where font files come from; needed when the template has text. */
  fonts?: FontSource;
  /** Parsed fonts shared between renders (default: one cache per process). */
  fontCache?: FontCache;
  /** Time for loading all fonts (default 9000 ms, spec section 9). */
  fontTimeoutMs?: number;
  /** The pixel limit the template's own pictures are checked against (default MAX_IMAGE_PIXELS). */
  maxPixels?: number;
}

/** A resolved template: an SVG tree whose images are placeholders until embedImages fills them. */
export interface ResolvedTemplate {
  root: XmlElement;
  width: number;
  height: number;
  /** Every image the SVG refers to, by placeholder href. */
  images: ImageNeed[];
  /**
   * The number of main image slots (IMAGE, SLIDESHOW, VIDEO) that were given an input image. Blur,
   * copy, logo, rating, colour and text layers do not count: this is the count the spec's "dynamic
   * layer count" tags and the save rule ("at least one layer is dynamic") are about.
   */
  dynamicLayerCount: number;
  /** Things the renderer logged: missing colours, removed layers, text filter failures. */
  warnings: string[];
  /** What sanitising removed from the template. */
  removed: string[];
}

/** Editor-only content that does not draw: the builder's JSON document. */
function dropMetadata(root: XmlElement): XmlElement {
  return rewrite(root, (node) => (localName(node) === 'metadata' ? null : undefined));
}

/** Resolves a render request (checked with normalizeRequest) into a concrete SVG tree. */
export async function resolveTemplate(
  request: unknown,
  options: ResolveOptions = {},
): Promise<ResolvedTemplate> {
  const normalized: NormalizedRequest = normalizeRequest(request);
  const template = readTemplate(normalized.template);
  const context = createRuleContext(normalized, template.root, template, {
    offscreen: options.offscreen ?? !normalized.addToDOM,
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
  });
  let root = dropMetadata(template.root);
  root = removeConditionalLayers(root, context);
  const texts = await prepareTexts(root, context, {
    source: options.fonts,
    ...(options.fontCache ? { cache: options.fontCache } : {}),
    ...(options.fontTimeoutMs === undefined ? {} : { timeoutMs: options.fontTimeoutMs }),
  });
  root = texts.root;
  root = insertLogos(root, context);
  root = recolourLayers(root, context);
  root = addBlurredBackground(root, context);
  root = addCopyLayer(root, context);
  root = drawTexts(root, texts.plans);
  root = addRating(root, context);
  root = placeMainImages(root, context);
  root = registerTemplatePictures(root, context, options.maxPixels);
  return {
    root,
    width: template.width,
    height: template.height,
    images: context.images,
    dynamicLayerCount: context.images.filter((image) => image.kind === 'slot').length,
    warnings: context.warnings,
    removed: template.removed,
  };
}
