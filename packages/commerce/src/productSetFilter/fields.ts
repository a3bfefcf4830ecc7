/** The fields a product-set rule can test: Meta's names of the catalogue's columns, and any extra field. */
import type { FieldKind } from './operators.js';

/** A field a rule can test, as the rule editor lists it. */
export interface ProductSetField {
  name: string;
  label: string;
  kind: FieldKind;
}

const field = (name: string, kind: FieldKind, label = name): ProductSetField => ({ name, label, kind });

/**
 * Meta's field names the catalogue stores in columns, in the order the rule editor offers them. Prices
 * (price_amount, sale_price_amount) are in cents: 50.00 is 5000.
 */
export const PRODUCT_SET_FIELDS: readonly ProductSetField[] = [
  field('id', 'text'),
  field('title', 'text'),
  field('description', 'text'),
  field('availability', 'text'),
  field('condition', 'text'),
  field('brand', 'text'),
  field('item_group_id', 'text', 'item group'),
  field('product_type', 'text', 'product type'),
  field('google_product_category', 'text', 'Google product category'),
  field('custom_label_0', 'text', 'custom label 0'),
  field('custom_label_1', 'text', 'custom label 1'),
  field('custom_label_2', 'text', 'custom label 2'),
  field('custom_label_3', 'text', 'custom label 3'),
  field('custom_label_4', 'text', 'custom label 4'),
  field('price_amount', 'number', 'price'),
  field('sale_price_amount', 'number', 'sale price'),
  field('currency', 'text'),
  field('inventory', 'number'),
  field('rating', 'number'),
  field('review_count', 'number', 'review count'),
  field('link', 'text'),
  field('image_link', 'text', 'image link'),
];

/** Meta's other names for two of the fields. */
export const FIELD_ALIASES: Readonly<Record<string, string>> = {
  retailer_id: 'id',
  retailer_product_group_id: 'item_group_id',
};

const FIELDS_BY_NAME = new Map(PRODUCT_SET_FIELDS.map((f) => [f.name, f]));
for (const [alias, name] of Object.entries(FIELD_ALIASES)) {
  FIELDS_BY_NAME.set(alias, { ...FIELDS_BY_NAME.get(name)!, name: alias });
}

/** The field a filter names: a catalogue field (aliases included), or else an extra field (text). */
export function productSetField(name: string): ProductSetField {
  return FIELDS_BY_NAME.get(name) ?? { name, label: name, kind: 'text' };
}

/** The fields whose values are prices in cents. */
export const PRICE_FIELDS: ReadonlySet<string> = new Set(['price_amount', 'sale_price_amount']);
