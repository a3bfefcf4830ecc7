/** Builder constants of spec section 9; builder, renderer and server read them from here. */
export const BUILDER = {
  defaultWidth: 1080,
  defaultHeight: 1080,
  defaultName: 'New Template',
  defaultBackgroundColor: '#ffffff',
  defaultConstrainProportions: true,
  minSize: 50,
  maxSize: 3000,
  maxNameLength: 100,
  zoom: { min: 0.25, max: 2, step: 0.1 },
  undoSteps: 50,
  pollMs: 1000,
  fontPreloadTimeoutMs: 3000,
  defaultFontPreloadTimeoutMs: 10000,
  snapDistance: 4,
  guideMargin: 5,
  arrowMove: 1,
  defaultFont: { family: 'Open Sans', size: 64, weight: 400, textAlign: 'center' },
  slideshow: { slideDuration: 2, transition: 0.3, maxSlides: 4 },
  thumbnail: { maxLongSide: 1080 },
  layerThumbnail: { type: 'image/jpeg', quality: 0.5, base: 96 },
  ratingStars: { min: 1, max: 5 },
  defaultPreviewRating: 3.5,
} as const;

/** Application constants of spec section 9. */
export const APPLICATION = {
  notificationDisappearAfterMs: 10000,
  sidebarExpandedByDefault: true,
  /**
   * The brand kit limits in the spec's order; brandKit.ts names what each one bounds
   * (BRAND_KIT_MAX_ITEMS, BRAND_KIT_MAX_DISCLAIMER_LENGTH).
   */
  brandKitLimits: [5, 20, 50, 200, 20],
} as const;

/** Renderer constants of spec section 9. */
export const RENDERER = {
  defaultWidth: 1080,
  defaultHeight: 1080,
  fontLoadTimeoutMs: 9000,
  fontPollMs: 25,
  postRenderWaitMs: 100,
  rating: { scaleMin: 1, scaleMax: 5, starReferenceWidth: 223, starSizeFactor: 1.2 },
  blur: { blur: 0.4, scale: 1.3 },
  superscript: { size: 0.4, baseline: -0.39 },
  textMinWidth: 20,
} as const;

/** Locales the `format` text filter accepts; `en` is the default when none is given. */
export const NUMBER_LOCALES = ['en', 'es', 'de', 'fr', 'ru'] as const;
export type NumberLocale = (typeof NUMBER_LOCALES)[number];

/** Font weight names of spec section 9, keyed by numeric weight. */
export const FONT_WEIGHT_NAMES = {
  100: 'Thin',
  200: 'Extra Light',
  300: 'Light',
  400: 'Normal',
  500: 'Medium',
  600: 'Semi Bold',
  700: 'Bold',
  800: 'Extra Bold',
  900: 'Black',
} as const;
export type FontWeight = keyof typeof FONT_WEIGHT_NAMES;

/** CSS-style weight keywords of spec section 9 and the numeric weight each one means. */
export const FONT_WEIGHT_KEYWORDS = {
  normal: 400,
  regular: 400,
  bold: 700,
  lighter: 300,
  bolder: 500,
} as const;

/** Reads a numeric weight or a weight keyword (any case); undefined when it is neither. */
export function parseFontWeight(value: string | number): FontWeight | undefined {
  const text = String(value).trim().toLowerCase();
  // Object.hasOwn, not `in`: 'constructor' or 'toString' must not read as weights.
  if (Object.hasOwn(FONT_WEIGHT_KEYWORDS, text)) {
    return FONT_WEIGHT_KEYWORDS[text as keyof typeof FONT_WEIGHT_KEYWORDS];
  }
  const weight = Number(text);
  return Object.hasOwn(FONT_WEIGHT_NAMES, String(weight)) ? (weight as FontWeight) : undefined;
}
