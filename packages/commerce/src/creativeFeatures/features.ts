/**
 * The features of a creative (issue 19): what a template and an image are made of, each with the sentence a
 * marketer reads on the creative-features pages. Template features are known exactly from the template
 * version that made an Adloom creative; image features are measured from the pixels of any image. The list
 * is fixed here; a template's style and industry tags add `style_<slug>` and `industry_<slug>` features.
 */
import { AUTO_TAGS, TAG_GROUPS, type AutoTagKey, type TagGroup } from '@adloom/template';
import { COLOR_NAMES, IMAGE_THRESHOLDS, type ColorName } from './thresholds.js';

export type CreativeFeatureSource = 'template' | 'image';

/** One feature: its id, what the pages show, and the template-library tag that has it (null when none does). */
export interface CreativeFeatureInfo {
  readonly id: string;
  readonly label: string;
  readonly group: string;
  readonly source: CreativeFeatureSource;
  /** One sentence a marketer reads: what an ad with the feature has (with the thresholds of image features). */
  readonly description: string;
  readonly templateTag: { readonly group: TagGroup; readonly key: string } | null;
}

const auto = (key: AutoTagKey) => ({ group: AUTO_TAGS[key].group, key });
const percent = (share: number) => `${Math.round(share * 100)} %`;
const T = IMAGE_THRESHOLDS;

const template = (
  id: string,
  label: string,
  group: string,
  description: string,
  templateTag: CreativeFeatureInfo['templateTag'] = null,
): CreativeFeatureInfo => ({ id, label, group, source: 'template', description, templateTag });

const image = (id: string, label: string, description: string): CreativeFeatureInfo => ({
  id,
  label,
  group: 'Image',
  source: 'image',
  description,
  templateTag: null,
});

const DYNAMIC_IMAGES = [1, 2, 3, 4].map((count) =>
  template(
    `dynamic_images_${count}`,
    `${count} product image${count === 1 ? '' : 's'}`,
    'Dynamic images',
    `The template shows exactly ${count} of the product's images (image, slideshow or video slots).`,
    auto(`dynamic_images_${count}` as AutoTagKey),
  ),
);

const COLOR_LABELS: Readonly<Record<ColorName, string>> = {
  red: 'Red',
  orange: 'Orange',
  yellow: 'Yellow',
  green: 'Green',
  teal: 'Teal',
  blue: 'Blue',
  purple: 'Purple',
  pink: 'Pink',
  brown: 'Brown',
  black: 'Black',
  white: 'White',
  grey: 'Grey',
};

/** The fixed features, in the order the pages group them. */
export const CREATIVE_FEATURES: readonly CreativeFeatureInfo[] = [
  template('aspect_square', 'Square', 'Layout', 'The ad is square (1:1, e.g. 1080 × 1080).'),
  template(
    'aspect_portrait',
    'Portrait',
    'Layout',
    'The ad is taller than wide but not full-screen: from 4:5 to 2:3 (e.g. 1080 × 1350, 1000 × 1500).',
  ),
  template('aspect_story', 'Story (9:16)', 'Layout', 'The ad fills a phone screen: 9:16 (e.g. 1080 × 1920).'),
  template('aspect_landscape', 'Landscape', 'Layout', 'The ad is wider than tall (e.g. 1.91:1 or 16:9).'),
  ...DYNAMIC_IMAGES,
  template(
    'dynamic_images_more_than_4',
    'More than 4 product images',
    'Dynamic images',
    'The template shows five or more of the product’s images.',
    auto('dynamic_images_more_than_4'),
  ),
  template(
    'main_logo',
    'Logo',
    'Template',
    'The ad shows the brand’s main logo from the brand kit.',
    auto('main_logo'),
  ),
  template(
    'background_removal',
    'Background removal',
    'Template',
    'The product photo is cut out of its background.',
    auto('background_removal'),
  ),
  template(
    'blurred_background',
    'Blurred background',
    'Template',
    'A blurred copy of the product photo fills the background.',
  ),
  template(
    'dynamic_color',
    'Dynamic colour',
    'Template',
    'A shape or text takes its colour from the product (its image or a catalogue field).',
    auto('dynamic_color'),
  ),
  template('rating_widget', 'Star rating', 'Template', 'The ad shows the product’s star rating.'),
  template(
    'safe_zone',
    'Reel safe zone',
    'Template',
    'A 9:16 ad whose texts and logo all stay inside Meta’s Reel safe zone (clear of the top 14 %, the bottom 35 % and 6 % of each side).',
  ),
  template('text', 'Text', 'Text', 'The ad has at least one text layer.', auto('text')),
  template(
    'text_item_group_title',
    'Product group title',
    'Text',
    'A text shows the title of the product’s group (item_group_title).',
    auto('text_item_group_title'),
  ),
  template('text_brand', 'Brand name', 'Text', 'A text shows the product’s brand.', auto('text_brand')),
  template('text_price', 'Price', 'Text', 'A text shows the product’s price.', auto('text_price')),
  template(
    'text_sale_price',
    'Sale price',
    'Text',
    'A text shows the product’s sale price.',
    auto('text_sale_price'),
  ),
  template(
    'text_discount',
    'Discount',
    'Text',
    'A text shows the discount (e.g. “-20 %”).',
    auto('text_discount'),
  ),
  template(
    'text_price_delta',
    'Price saving',
    'Text',
    'A text shows the amount saved (price minus sale price).',
    auto('text_price_delta'),
  ),
  image(
    'bright',
    'Bright',
    `The image is bright: its mean lightness is at least ${percent(T.bright)} of white.`,
  ),
  image('dark', 'Dark', `The image is dark: its mean lightness is at most ${percent(T.dark)} of white.`),
  image(
    'high_contrast',
    'High contrast',
    `Light and dark parts differ strongly: the spread of lightness (RMS contrast) is at least ${T.highContrast}.`,
  ),
  image(
    'low_contrast',
    'Low contrast',
    `The image is evenly lit: the spread of lightness (RMS contrast) is at most ${T.lowContrast}.`,
  ),
  image(
    'text_heavy',
    'Text-heavy',
    `Text covers at least ${percent(T.textHeavy)} of the image (estimated from the pixels).`,
  ),
  image(
    'text_light',
    'Little or no text',
    `Text covers less than ${percent(T.textLight)} of the image (estimated from the pixels).`,
  ),
  ...COLOR_NAMES.map((name) =>
    image(
      `dominant_color_${name}`,
      `Mostly ${COLOR_LABELS[name].toLowerCase()}`,
      `${COLOR_LABELS[name]} covers at least ${percent(T.dominantColorShare)} of the image (colours named by hue, saturation and lightness).`,
    ),
  ),
];

const BY_ID: ReadonlyMap<string, CreativeFeatureInfo> = new Map(CREATIVE_FEATURES.map((f) => [f.id, f]));

/** FNV-1a, 32 bits, as hex: a short stable digest of the ids. */
function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * Raise when a rule changes what existing creatives would get (a threshold, the text estimate): stored
 * rows are then computed again, as they are when the list grows.
 */
const RULES_REVISION = 1;

/** The feature list's version: stored with each creative's features; a row of another version is recomputed. */
export const CREATIVE_FEATURES_VERSION = `${RULES_REVISION}.${CREATIVE_FEATURES.length}.${digest(
  CREATIVE_FEATURES.map((f) => f.id).join(','),
)}`;

/** A tag key as it appears in a feature id: lower case, words joined by underscores ('Home decor' → 'home_decor'). */
export function tagFeatureSlug(key: string): string {
  return key
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

const TAG_FEATURE_GROUPS = {
  style: { group: TAG_GROUPS.style, label: 'Style' },
  industry: { group: TAG_GROUPS.industry, label: 'Industry' },
} as const;

/** The feature id of a template's STYLE or INDUSTRY tag (`style_minimal`), or null for other groups or empty keys. */
export function tagFeatureId(group: string, key: string): string | null {
  const slug = tagFeatureSlug(key);
  if (slug === '') return null;
  if (group === TAG_GROUPS.style) return `style_${slug}`;
  if (group === TAG_GROUPS.industry) return `industry_${slug}`;
  return null;
}

const TAG_FEATURE_ID = /^(style|industry)_([a-z0-9]+(?:_[a-z0-9]+)*)$/;

/**
 * The info of any feature id: a fixed one, or `style_<slug>` / `industry_<slug>` (its label and tag key are
 * the slug's words capitalised, 'Home decor' for home_decor: the library's tag is the one whose
 * tagFeatureSlug is the slug). Null when the id is not well-formed or not a feature.
 */
export function creativeFeatureInfo(id: string): CreativeFeatureInfo | null {
  const fixed = BY_ID.get(id);
  if (fixed) return fixed;
  const match = TAG_FEATURE_ID.exec(id);
  if (!match) return null;
  const kind = TAG_FEATURE_GROUPS[match[1] as keyof typeof TAG_FEATURE_GROUPS];
  const words = match[2]!.replace(/_/g, ' ');
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  return {
    id,
    label,
    group: kind.label,
    source: 'template',
    description:
      kind.group === TAG_GROUPS.style
        ? `Made from a template tagged “${label}” in the template library’s design playbook.`
        : `Made from a template tagged for the ${label} industry in the template library.`,
    templateTag: { group: kind.group, key: label },
  };
}
