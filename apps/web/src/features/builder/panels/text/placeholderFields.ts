/**
 * The fields a text can show, for the 'Insert placeholder' list: the keys the server puts in a render
 * request's metadata for a catalogue item (apps/server feeds/generation/metadata.ts, itemMetadata), the
 * derived price keys of template-format.md section 3 (price_delta and the _round, _floor, _super and _dot
 * variants, from packages/template), and the other keys the renderer reads (spec section 3), which come
 * from a catalogue's extra columns.
 */
import { PRICE_KEYS, PRICE_VARIANTS, type PriceVariant } from '@adloom/template';

export interface PlaceholderField {
  key: string;
  description: string;
}

export interface PlaceholderFieldGroup {
  group: string;
  fields: readonly PlaceholderField[];
}

const PRICE_NAMES: Readonly<Record<(typeof PRICE_KEYS)[number], string>> = {
  price: 'Price',
  sale_price: 'Sale price (only while the sale runs)',
  price_delta: 'Price minus sale price (0.00 without a sale)',
};

const VARIANT_NAMES: Readonly<Record<PriceVariant, string>> = {
  round: 'rounded to a whole number',
  floor: 'rounded down to a whole number',
  super: 'with the cents drawn as superscript',
  dot: 'with two decimals',
};

const customLabels = [0, 1, 2, 3, 4].map((n) => ({
  key: `custom_label_${n}`,
  description: `Custom label ${n}`,
}));

/** The placeholder list, in the order it is shown. */
export const PLACEHOLDER_FIELD_GROUPS: readonly PlaceholderFieldGroup[] = [
  {
    group: 'Item',
    fields: [
      { key: 'title', description: 'Title' },
      { key: 'description', description: 'Description' },
      { key: 'brand', description: 'Brand' },
      { key: 'id', description: 'Item id' },
      { key: 'item_group_id', description: 'Item group id' },
      { key: 'product_type', description: 'Product type' },
      { key: 'google_product_category', description: 'Google product category' },
      { key: 'availability', description: 'Availability' },
      { key: 'condition', description: 'Condition' },
      { key: 'link', description: 'Product page link' },
      { key: 'image_link', description: 'Main image link' },
      { key: 'additional_image_link', description: 'Other image links, comma-separated' },
      ...customLabels,
    ],
  },
  {
    group: 'Price',
    fields: [
      ...PRICE_KEYS.map((key) => ({ key, description: PRICE_NAMES[key] })),
      { key: 'currency', description: 'Currency code' },
      ...PRICE_KEYS.flatMap((key) =>
        PRICE_VARIANTS.map((variant) => ({
          key: `${key}_${variant}`,
          description: `${PRICE_NAMES[key].replace(/ \(.*\)$/, '')}, ${VARIANT_NAMES[variant]}`,
        })),
      ),
    ],
  },
  {
    group: 'Rating and stock',
    fields: [
      { key: 'rating_value', description: 'Rating' },
      { key: 'review_count', description: 'Number of reviews' },
      { key: 'is_sale', description: 'On sale: True or False' },
      { key: 'stock_level_less_than_10', description: 'Fewer than 10 in stock: True or False' },
      { key: 'stock_level_less_than_50', description: 'Fewer than 50 in stock: True or False' },
    ],
  },
  {
    group: 'From extra columns',
    fields: [
      { key: 'item_group_title', description: 'Item group title' },
      { key: 'num_beds', description: 'Bedrooms' },
      { key: 'num_baths', description: 'Bathrooms' },
      { key: 'num_rooms', description: 'Rooms' },
      { key: 'area_size', description: 'Area' },
    ],
  },
];
