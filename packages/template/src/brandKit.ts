/**
 * Brand kit rules shared by the server, the brand kit screen and the builder: the limits of spec
 * section 9 with the meaning chosen for each, and the font naming rule of spec section 5.
 */
import { BUILDER } from './constants.js';

/** The six kinds of brand kit data (spec section 3). */
export type BrandKitKind = 'COLOR' | 'FONT' | 'LOGO' | 'GUIDE' | 'AUDIO' | 'DISCLAIMER';

/**
 * Spec section 9 lists the brand kit limits 5, 20, 50, 200 and 20 without their meanings. Here, in the
 * spec's order:
 *
 * - 5: logos, and audio tracks, per brand kit. A brand has a handful of logo variants (primary,
 *   secondary, mono, icon, inverse); ads use the first as the main logo and the builder offers the rest.
 *   Audio (sonic logo, jingles, voice-over beds) is as few and the heaviest file there is (up to 50 MB).
 * - 20: colours per brand kit: a palette is 5 to 15 colours, and 20 swatches still fit the builder's
 *   colour picker at a glance.
 * - 50: guides, and disclaimers, per brand kit. Both are short texts kept by topic or by market and
 *   campaign (one disclaimer per offer or country), so there are many of them.
 * - 200: characters of a disclaimer: it is printed on the ad, where one or two lines is all that fits
 *   and all an ad network lets through beside the image.
 * - 20: fonts per brand kit. Each upload is one face (its weight and style read from the file), so a
 *   family's weights and italics are separate fonts: two families of four weights with italics make 16.
 */
export const BRAND_KIT_MAX_ITEMS: Readonly<Record<BrandKitKind, number>> = {
  LOGO: 5,
  AUDIO: 5,
  COLOR: 20,
  GUIDE: 50,
  DISCLAIMER: 50,
  FONT: 20,
};

/** Characters of a disclaimer (spec section 9's 200). */
export const BRAND_KIT_MAX_DISCLAIMER_LENGTH = 200;

/**
 * Characters of a guide's formatted text (Markdown). Not a spec constant: a bound that keeps one guide
 * below about ten pages, so the brand kit stays quick to load.
 */
export const BRAND_KIT_MAX_GUIDE_LENGTH = 20_000;

/** Characters of an item's name: the spec's template name limit (section 9), for every named thing. */
export const BRAND_KIT_MAX_NAME_LENGTH = BUILDER.maxNameLength;

/**
 * The weight of a brand kit font whose file does not say (spec section 3's 400); a file's own weight is
 * read from it at upload (issue 16).
 */
export const BRAND_KIT_FONT_WEIGHT = 400;

/** The extensions a brand kit font file may have. */
export const BRAND_KIT_FONT_EXTENSIONS = ['ttf', 'otf', 'woff', 'woff2'] as const;

const FONT_EXTENSION = /\.(?:ttf|otf|woff2?)$/i;

/** Each space-separated word with its first letter upper case and the rest lower case. */
function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/**
 * The name of an uploaded font (spec section 5): the file name without its folder and font extension,
 * cleaned to letters, digits, space, hyphen and underscore; 'Font ' in front when it does not start
 * with a letter; title-cased; at most 100 characters. 'my brand.woff2' is 'My Brand', '2024 Sans.ttf'
 * is 'Font 2024 Sans', '%%.otf' is 'Font'.
 */
export function cleanFontName(fileName: string): string {
  const base = fileName.replace(/^.*[/\\]/, '').replace(FONT_EXTENSION, '');
  const cleaned = base
    .replace(/\s+/g, ' ')
    .replace(/[^A-Za-z0-9 _-]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  const named = /^[A-Za-z]/.test(cleaned) ? cleaned : `Font ${cleaned}`.trim();
  return titleCase(Array.from(named).slice(0, BRAND_KIT_MAX_NAME_LENGTH).join('').trim());
}

/** A brand colour's value: a hex colour of 3, 4, 6 or 8 digits (with alpha). */
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * Why a brand colour's value is refused, or undefined when it is a hex colour. The screen shows it next to
 * the field; the server refuses the value with it (never saving another colour in its place).
 */
export function brandColourProblem(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return 'Enter a colour as a hex value, such as #1e88e5.';
  if (!HEX_COLOUR.test(text))
    return `‘${Array.from(text).slice(0, 40).join('')}’ is not a colour: use a hex value such as #1e88e5.`;
  return undefined;
}

/** A valid brand colour (see brandColourProblem) as stored: #rrggbb or #rrggbbaa, lower case. */
export function normaliseBrandColour(value: string): string {
  const digits = value.trim().slice(1).toLowerCase();
  return `#${digits.length <= 4 ? [...digits].map((d) => d + d).join('') : digits}`;
}
