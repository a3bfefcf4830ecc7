/**
 * fast-check generators shared by the tests (not exported from the package). Layer id infos are built
 * from the types; canonical ids are built from the grammar as text, independently of formatLayerId.
 */
import fc from 'fast-check';
import type {
  HorizontalAlignment,
  LayerIdInfo,
  SlideshowOptions,
  SlotFeatures,
  SlotMedia,
  VerticalAlignment,
} from './ids.js';

/** Decimals that print without an exponent, up to three places; above 0 when `positive`. */
export const decimal = (positive: boolean): fc.Arbitrary<number> =>
  fc
    .tuple(fc.integer({ min: positive ? 1 : 0, max: 1_000_000 }), fc.integer({ min: 0, max: 3 }))
    .map(([units, places]) => units / 10 ** places);

export const slideshowOptions: fc.Arbitrary<SlideshowOptions> = fc.record({
  slideDuration: decimal(true),
  transition: decimal(false),
  maxSlides: fc.integer({ min: 1, max: 1000 }),
});

export const horizontal = fc.constantFrom<HorizontalAlignment>('LEFT', 'CENTER', 'RIGHT');
export const vertical = fc.constantFrom<VerticalAlignment>('TOP', 'MIDDLE', 'BOTTOM');

export const media: fc.Arbitrary<SlotMedia> = fc.oneof(
  fc.constant<SlotMedia>({ type: 'IMAGE' }),
  fc.record({ type: fc.constantFrom('SLIDESHOW' as const, 'VIDEO' as const), options: slideshowOptions }),
);

export const slotFeatures: fc.Arbitrary<SlotFeatures> = fc.record({
  media,
  isContain: fc.boolean(),
  horizontalAlignment: horizontal,
  verticalAlignment: vertical,
  removeBackground: fc.boolean(),
  removeBorders: fc.boolean(),
  removeBordersHard: fc.boolean(),
});

const noControl = (text: string): boolean => !/\p{Cc}/u.test(text);

/** Text allowed in an id attribute: non-empty, no control characters. */
export const attributeText: fc.Arbitrary<string> = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
  .filter(noControl);

export const slotName: fc.Arbitrary<string> = attributeText.filter((name) => !name.includes(';'));

export const suffix: fc.Arbitrary<number | null> = fc.option(fc.integer({ min: 1, max: 999_999 }), {
  nil: null,
});

const flags = fc
  .record({
    sale: fc.boolean(),
    stockLevelLessThan10: fc.boolean(),
    stockLevelLessThan50: fc.boolean(),
    color: fc.option(fc.record({ source: fc.option(attributeText, { nil: null }) }), { nil: null }),
    suffix,
  })
  .filter(
    (info) => info.sale || info.stockLevelLessThan10 || info.stockLevelLessThan50 || info.color !== null,
  )
  .map((info): LayerIdInfo => ({ kind: 'flags', ...info }));

/** Every layer id info the builder can write. */
export const layerIdInfo: fc.Arbitrary<LayerIdInfo> = fc.oneof(
  fc.record({
    kind: fc.constant('slot' as const),
    number: fc.integer({ min: 0, max: 999 }),
    features: slotFeatures,
  }),
  fc.record({ kind: fc.constant('namedSlot' as const), name: slotName, features: slotFeatures }),
  fc.record({
    kind: fc.constantFrom('blur' as const, 'copy' as const, 'logo' as const, 'rating' as const),
    suffix,
  }),
  flags,
);

const optional = (text: string): fc.Arbitrary<string> => fc.constantFrom('', text);
const suffixText = suffix.map((value) => (value === null ? '' : `_${value}`));
const optionsText = slideshowOptions.map(
  ({ slideDuration, transition, maxSlides }) => `[d=${slideDuration};t=${transition};n=${maxSlides}]`,
);

/** Canonical ids written straight from the grammar of template-format.md section 2 (and the README). */
export const canonicalId: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.integer({ min: 0, max: 999 }).map((n) => String(n).padStart(3, '0')),
      optional('_CONTAIN'),
      fc.constantFrom('', '_LEFT', '_RIGHT'),
      fc.constantFrom('', '_TOP', '_BOTTOM'),
      optional('_REMBG'),
      optional('_BORDERS'),
      optional('_BORDERS_HARD'),
      fc.oneof(
        fc.constant(''),
        fc
          .tuple(fc.constantFrom('_SLIDESHOW', '_VIDEO'), optionsText)
          .map(([kind, options]) => kind + options),
      ),
    )
    .map((parts) => `MAIN_${parts.join('')}`),
  fc
    .tuple(
      slotName,
      fc.boolean(),
      fc.constantFrom('fill', 'fit'),
      optional(';BORDERS:true'),
      optional(';BORDERS_HARD:true'),
      fc.constantFrom('', ';HALIGN:LEFT', ';HALIGN:RIGHT'),
      fc.constantFrom('', ';VALIGN:TOP', ';VALIGN:BOTTOM'),
      fc.oneof(
        fc.constant(''),
        fc
          .tuple(fc.constantFrom('SLIDESHOW', 'VIDEO'), slideshowOptions)
          .map(([type, o]) => `;TYPE:${type};D:${o.slideDuration};T:${o.transition};N:${o.maxSlides}`),
      ),
    )
    .map(
      ([name, rembg, scale, ...rest]) => `MAIN_SLOT:${name};REMBG:${rembg};SCALE:${scale}${rest.join('')}`,
    ),
  fc
    .tuple(fc.constantFrom('MAIN_BLUR', 'MAIN_COPY', 'LOGO_MAIN', 'RATING'), suffixText)
    .map((parts) => parts.join('')),
  fc
    .tuple(
      fc.subarray(['SALE', 'STOCK_LEVEL_LESS_THAN_10', 'STOCK_LEVEL_LESS_THAN_50', 'COLOR_PRIMARY'], {
        minLength: 1,
      }),
      suffixText,
      fc.option(attributeText, { nil: null }),
    )
    .map(
      ([tokens, suffixPart, source]) =>
        tokens.join('_') +
        suffixPart +
        (source !== null && tokens.includes('COLOR_PRIMARY') ? `:${source}` : ''),
    ),
);

/** Strings made of id tokens, to reach deep into the parser more often than random text does. */
export const idLikeString: fc.Arbitrary<string> = fc
  .array(
    fc.constantFrom(
      'MAIN',
      '_',
      '001',
      '1',
      '_CONTAIN',
      '_LEFT',
      '_CENTER',
      '_TOP',
      '_REMBG',
      '_BORDERS',
      '_HARD',
      '_SLIDESHOW',
      '_VIDEO',
      '[',
      ']',
      'd=',
      't=',
      'n=',
      '0.5',
      ';',
      ':',
      'SLOT:',
      'REMBG:',
      'true',
      'SCALE:',
      'fit',
      'BLUR',
      'COPY',
      'LOGO',
      'logo',
      'RATING',
      'SALE',
      'sale',
      'STOCK_LEVEL_LESS_THAN_10',
      'COLOR_PRIMARY',
      'x',
      ' ',
    ),
    { maxLength: 10 },
  )
  .map((parts) => parts.join(''));
