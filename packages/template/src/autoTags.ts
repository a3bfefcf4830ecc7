/** Tags the builder adds to a template by itself (spec section 9, "Auto-tags"). */
import { parseTemplateString } from './placeholders.js';
import type { LayerData } from './layerData.js';

/** Tag groups of spec section 3, as stable keys. */
export const TAG_GROUPS = {
  aspectRatio: 'ASPECT_RATIO',
  dynamicLayerCount: 'DYNAMIC_LAYER_COUNT',
  features: 'FEATURES',
  style: 'STYLE',
  industry: 'INDUSTRY',
} as const;
export type TagGroup = (typeof TAG_GROUPS)[keyof typeof TAG_GROUPS];

/** What the library shows for each group. */
export const TAG_GROUP_LABELS: Readonly<Record<TagGroup, string>> = {
  ASPECT_RATIO: 'Aspect ratio',
  DYNAMIC_LAYER_COUNT: 'Dynamic layer count',
  FEATURES: 'Features',
  STYLE: 'Template Design Playbook',
  INDUSTRY: 'Industry',
};

/** Every automatic tag: its stable key, its group, and the label the library shows. */
export const AUTO_TAGS = {
  size_1080x1080: { group: 'ASPECT_RATIO', label: '1080x1080' },
  size_1000x1500: { group: 'ASPECT_RATIO', label: '1000x1500' },
  size_other: { group: 'ASPECT_RATIO', label: 'Other size' },
  dynamic_images_1: { group: 'DYNAMIC_LAYER_COUNT', label: '1 dynamic image' },
  dynamic_images_2: { group: 'DYNAMIC_LAYER_COUNT', label: '2 dynamic images' },
  dynamic_images_3: { group: 'DYNAMIC_LAYER_COUNT', label: '3 dynamic images' },
  dynamic_images_4: { group: 'DYNAMIC_LAYER_COUNT', label: '4 dynamic images' },
  dynamic_images_more_than_4: { group: 'DYNAMIC_LAYER_COUNT', label: 'More than 4 dynamic images' },
  dynamic_color: { group: 'FEATURES', label: 'Dynamic colour' },
  main_logo: { group: 'FEATURES', label: 'Main logo' },
  background_removal: { group: 'FEATURES', label: 'Background removal' },
  text: { group: 'FEATURES', label: 'Text' },
  text_item_group_title: { group: 'FEATURES', label: 'Item group title' },
  text_brand: { group: 'FEATURES', label: 'Brand' },
  text_price: { group: 'FEATURES', label: 'Price' },
  text_sale_price: { group: 'FEATURES', label: 'Sale price' },
  text_discount: { group: 'FEATURES', label: 'Discount' },
  text_price_delta: { group: 'FEATURES', label: 'Price delta' },
} as const satisfies Record<string, { group: TagGroup; label: string }>;
export type AutoTagKey = keyof typeof AUTO_TAGS;

/** A tag as stored: group and key. */
export interface AutoTag {
  group: TagGroup;
  key: AutoTagKey;
}

/** What auto-tagging reads from a document: its size and, per layer, its role and text. */
export interface AutoTagSource {
  width: number;
  height: number;
  layers: ReadonlyArray<
    Pick<LayerData, 'dynamicLayerType' | 'isDynamicColor' | 'removeBackground'> & { text: string | null }
  >;
}

// Which placeholder keys make which text tag. Price keys include their derived variants (_round, ...).
const TEXT_TAG_RULES: ReadonlyArray<[AutoTagKey, (key: string) => boolean]> = [
  ['text_item_group_title', (key) => key === 'item_group_title'],
  ['text_brand', (key) => key === 'brand'],
  ['text_price', (key) => /^price(?:_(?:round|floor|super|dot))?$/.test(key)],
  ['text_sale_price', (key) => /^sale_price(?:_(?:round|floor|super|dot))?$/.test(key)],
  ['text_discount', (key) => key.startsWith('discount')],
  ['text_price_delta', (key) => /^price_delta(?:_(?:round|floor|super|dot))?$/.test(key)],
];

function sizeTag(width: number, height: number): AutoTagKey {
  if (width === 1080 && height === 1080) return 'size_1080x1080';
  if (width === 1000 && height === 1500) return 'size_1000x1500';
  return 'size_other';
}

function countTag(count: number): AutoTagKey | undefined {
  if (count === 0) return undefined;
  if (count > 4) return 'dynamic_images_more_than_4';
  return `dynamic_images_${count}` as AutoTagKey;
}

/** The automatic tags of a document, each at most once, in the order of AUTO_TAGS. */
export function autoTags(document: AutoTagSource): AutoTag[] {
  const keys = new Set<AutoTagKey>([sizeTag(document.width, document.height)]);
  const slots = document.layers.filter(
    (layer) =>
      layer.dynamicLayerType === 'IMAGE' ||
      layer.dynamicLayerType === 'SLIDESHOW' ||
      layer.dynamicLayerType === 'VIDEO',
  );
  const count = countTag(slots.length);
  if (count) keys.add(count);
  if (document.layers.some((layer) => layer.isDynamicColor)) keys.add('dynamic_color');
  if (document.layers.some((layer) => layer.dynamicLayerType === 'LOGO_MAIN')) keys.add('main_logo');
  if (slots.some((layer) => layer.removeBackground)) keys.add('background_removal');
  const texts = document.layers.flatMap((layer) => (layer.text === null ? [] : [layer.text]));
  if (texts.length > 0) keys.add('text');
  const placeholderKeys = texts.flatMap((text) =>
    parseTemplateString(text).flatMap((segment) => (segment.kind === 'placeholder' ? [segment.key] : [])),
  );
  for (const [tag, matches] of TEXT_TAG_RULES) {
    if (placeholderKeys.some(matches)) keys.add(tag);
  }
  return (Object.keys(AUTO_TAGS) as AutoTagKey[])
    .filter((key) => keys.has(key))
    .map((key) => ({ group: AUTO_TAGS[key].group, key }));
}
