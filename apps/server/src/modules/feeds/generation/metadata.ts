/**
 * A catalogue item as the renderer reads it (spec section 3, "Metadata keys read by the renderer"), and
 * the item's input images in slot order (template-format.md section 4). Pure: no database, no clock
 * (the caller passes `now`).
 */
import { formatCents } from '@adloom/commerce';
import type { CatalogItemRow } from '../../../db/schema.js';

/** The fields itemImages reads. */
export type ItemImageFields = Pick<CatalogItemRow, 'imageLink' | 'additionalImageLinks'>;

/**
 * The item's images in slot order: image_link, then every additional_image_link in order. Blank links
 * are dropped (so slot i takes the i-th image that exists); the same URL twice stays twice.
 */
export function itemImages(item: ItemImageFields): string[] {
  return [item.imageLink, ...item.additionalImageLinks]
    .map((link) => (typeof link === 'string' ? link.trim() : ''))
    .filter((link) => link !== '');
}

/**
 * True when the item is on sale at `now`: it has a price and a sale price below it, and `now` lies in
 * sale_price_effective_date. Start and end are each optional; the window is half-open, [start, end):
 * the sale has begun at its start instant and is over at its end instant.
 */
export function isSaleActive(
  item: Pick<CatalogItemRow, 'priceAmount' | 'salePriceAmount' | 'salePriceStart' | 'salePriceEnd'>,
  now: Date,
): boolean {
  const { priceAmount: price, salePriceAmount: sale } = item;
  if (price === null || sale === null || !(sale < price)) return false;
  const time = now.getTime();
  if (item.salePriceStart && time < item.salePriceStart.getTime()) return false;
  if (item.salePriceEnd && time >= item.salePriceEnd.getTime()) return false;
  return true;
}

/**
 * The next instant after `now` at which isSaleActive may turn (the sale's start or end, whichever comes
 * first after `now`), or null when it never will (no sale below the price, or a window already behind).
 * An ad reading `sale_price` or `is_sale` is out of date from then on although no field changed.
 */
export function saleTurnsAt(
  item: Pick<CatalogItemRow, 'priceAmount' | 'salePriceAmount' | 'salePriceStart' | 'salePriceEnd'>,
  now: Date,
): Date | null {
  const { priceAmount: price, salePriceAmount: sale } = item;
  if (price === null || sale === null || !(sale < price)) return null;
  const ahead = [item.salePriceStart, item.salePriceEnd].filter(
    (instant): instant is Date => instant !== null && instant.getTime() > now.getTime(),
  );
  return ahead.length === 0 ? null : new Date(Math.min(...ahead.map((instant) => instant.getTime())));
}

/** The metadata keys whose value depends on the moment as well as the item (isSaleActive). */
export const TIME_DEPENDENT_KEYS: readonly string[] = ['sale_price', 'is_sale'];

const SALE_COLUMNS = ['priceAmount', 'salePriceAmount', 'salePriceStart', 'salePriceEnd'] as const;

/**
 * The catalogue columns each computed metadata key of itemMetadata is made from (every other key is the
 * `extra` field of its name). A refresh compares these columns to tell whether an item changed for a
 * template, so a key made from a column not listed here would go unnoticed: metadata.test.ts changes
 * every other column and checks the key's value stays.
 */
export const METADATA_COLUMNS = {
  id: ['itemId'],
  title: ['title'],
  description: ['description'],
  brand: ['brand'],
  availability: ['availability'],
  condition: ['condition'],
  link: ['link'],
  image_link: ['imageLink'],
  additional_image_link: ['additionalImageLinks'],
  item_group_id: ['itemGroupId'],
  product_type: ['productType'],
  google_product_category: ['googleProductCategory'],
  custom_label_0: ['customLabel0'],
  custom_label_1: ['customLabel1'],
  custom_label_2: ['customLabel2'],
  custom_label_3: ['customLabel3'],
  custom_label_4: ['customLabel4'],
  currency: ['currency'],
  price: ['priceAmount'],
  sale_price: SALE_COLUMNS,
  is_sale: SALE_COLUMNS,
  rating_value: ['rating'],
  review_count: ['reviewCount'],
  stock_level_less_than_10: ['inventory'],
  stock_level_less_than_50: ['inventory'],
} as const satisfies Record<string, readonly (keyof CatalogItemRow)[]>;

/** The columns a metadata key is made from; undefined for a key read from `extra`. */
export function metadataColumns(key: string): readonly (keyof CatalogItemRow)[] | undefined {
  return Object.hasOwn(METADATA_COLUMNS, key)
    ? METADATA_COLUMNS[key as keyof typeof METADATA_COLUMNS]
    : undefined;
}

const flag = (value: boolean): string => (value ? 'True' : 'False');

/**
 * The render request's metadata for a catalogue item at `now`:
 * - every canonical text field under its catalogue name (id, title, description, brand, availability,
 *   condition, link, image_link, additional_image_link (comma-separated), item_group_id, product_type,
 *   google_product_category, custom_label_0..4) and currency when known;
 * - price as a decimal string ('129.00', formatCents); sale_price only while the sale is active (isSaleActive), so an
 *   expired sale shows the plain price everywhere, {sale_price} texts included (they are cleared);
 * - is_sale 'True' or 'False' (isSaleActive);
 * - rating_value from rating (absent when there is none, or when it is 0: feeds write 0 for "no reviews",
 *   and the renderer refuses a rating below the scale's minimum 1), review_count;
 * - stock_level_less_than_10 and _50: 'True' when inventory is known and below 10 (50), else 'False';
 * - every extra field under its source column name (a repeated column's values joined with commas),
 *   unless a key above has that name (those win).
 * Blank text fields are kept as '' (the renderer treats blank as missing).
 */
export function itemMetadata(item: CatalogItemRow, now: Date): Record<string, string> {
  const metadata: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(item.extra ?? {})) {
    if (typeof value === 'string') metadata[key] = value;
    // A repeated source column (a list) reads as its values joined, as additional_image_link does.
    else if (Array.isArray(value)) metadata[key] = value.join(',');
  }
  const onSale = isSaleActive(item, now);
  const canonical: Record<string, string | null> = {
    id: item.itemId,
    title: item.title,
    description: item.description,
    brand: item.brand,
    availability: item.availability,
    condition: item.condition,
    link: item.link,
    image_link: item.imageLink,
    additional_image_link: item.additionalImageLinks.join(','),
    item_group_id: item.itemGroupId,
    product_type: item.productType,
    google_product_category: item.googleProductCategory,
    custom_label_0: item.customLabel0,
    custom_label_1: item.customLabel1,
    custom_label_2: item.customLabel2,
    custom_label_3: item.customLabel3,
    custom_label_4: item.customLabel4,
    currency: item.currency,
    price: item.priceAmount === null ? null : formatCents(item.priceAmount),
    sale_price: onSale && item.salePriceAmount !== null ? formatCents(item.salePriceAmount) : null,
    is_sale: flag(onSale),
    rating_value:
      item.rating === null || !Number.isFinite(item.rating) || item.rating === 0 ? null : String(item.rating),
    review_count: item.reviewCount === null ? null : String(item.reviewCount),
    stock_level_less_than_10: flag(item.inventory !== null && item.inventory < 10),
    stock_level_less_than_50: flag(item.inventory !== null && item.inventory < 50),
  };
  for (const [key, value] of Object.entries(canonical)) {
    // A computed key that has no value must not fall back to an extra column of the same name.
    if (value === null) delete metadata[key];
    else metadata[key] = value;
  }
  return { ...metadata };
}
