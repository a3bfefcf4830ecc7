/**
 * Shopify's products export (Products → Export, "CSV for Excel, Numbers, or other spreadsheet programs")
 * turned into catalogue rows. The export writes one row per variant: the product's own fields (Title,
 * Body, Vendor, Tags, Status, option names…) only on a handle's first row, each further variant row
 * repeating only Handle and the variant's columns, and rows with only Handle, Image Src and Image
 * Position for images beyond the variants. Column set and row shape as documented in Shopify's help
 * page "Using CSV files to import and export products"
 * (https://help.shopify.com/en/manual/products/import-export/using-csv) and its sample
 * product_template.csv. This module names each variant's values in the catalogue's own vocabulary
 * (`id`, `price`, `image_link`…) so that canonical.ts reads them like any feed.
 */
import { parsePrice, PriceError } from '@adloom/commerce';
import { routeColumn } from './canonical.js';
import { htmlToText } from './html-text.js';
import type { FeedEvent } from './parse.js';

export const DRAFT_REASON = 'Draft product: Shopify does not show it in the store, so it is skipped';
export const ARCHIVED_REASON = 'Archived product: Shopify no longer sells it, so it is skipped';

/** The comparable form of a header name: trimmed, lower case, inner spaces collapsed. */
function headerKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * True when a CSV header is Shopify's products export, in its classic names (Handle plus Variant Price or
 * Variant SKU) or its current ones (URL handle plus Price or SKU); case-insensitive.
 */
export function isShopifyProductsHeader(names: readonly string[]): boolean {
  const keys = new Set(names.map(headerKey));
  return (
    (keys.has('handle') && (keys.has('variant price') || keys.has('variant sku'))) ||
    (keys.has('url handle') && (keys.has('price') || keys.has('sku')))
  );
}

/** The export's columns this module reads or drops, by role, in the export's classic names. */
const COLUMNS = {
  handle: 'Handle',
  title: 'Title',
  body: 'Body (HTML)',
  vendor: 'Vendor',
  productCategory: 'Product Category',
  type: 'Type',
  tags: 'Tags',
  published: 'Published',
  option1Name: 'Option1 Name',
  option1Value: 'Option1 Value',
  option2Name: 'Option2 Name',
  option2Value: 'Option2 Value',
  option3Name: 'Option3 Name',
  option3Value: 'Option3 Value',
  sku: 'Variant SKU',
  grams: 'Variant Grams',
  tracker: 'Variant Inventory Tracker',
  quantity: 'Variant Inventory Qty',
  policy: 'Variant Inventory Policy',
  fulfillment: 'Variant Fulfillment Service',
  price: 'Variant Price',
  compareAtPrice: 'Variant Compare At Price',
  requiresShipping: 'Variant Requires Shipping',
  taxable: 'Variant Taxable',
  barcode: 'Variant Barcode',
  imageSrc: 'Image Src',
  imagePosition: 'Image Position',
  imageAlt: 'Image Alt Text',
  giftCard: 'Gift Card',
  seoTitle: 'SEO Title',
  seoDescription: 'SEO Description',
  googleCategory: 'Google Shopping / Google Product Category',
  gender: 'Google Shopping / Gender',
  ageGroup: 'Google Shopping / Age Group',
  mpn: 'Google Shopping / MPN',
  condition: 'Google Shopping / Condition',
  customLabel0: 'Google Shopping / Custom Label 0',
  customLabel1: 'Google Shopping / Custom Label 1',
  customLabel2: 'Google Shopping / Custom Label 2',
  customLabel3: 'Google Shopping / Custom Label 3',
  customLabel4: 'Google Shopping / Custom Label 4',
  variantImage: 'Variant Image',
  weightUnit: 'Variant Weight Unit',
  taxCode: 'Variant Tax Code',
  cost: 'Cost per item',
  status: 'Status',
} as const;
type Column = keyof typeof COLUMNS;

/**
 * The same columns as Shopify's current export and sample file name them (help page "Using CSV files to
 * import and export products": `URL handle`, `Inventory quantity`, `Compare-at price / International`…);
 * names that only changed case (`Option1 name`) need no entry.
 */
const CURRENT_NAMES: Partial<Record<Column, string>> = {
  handle: 'URL handle',
  body: 'Description',
  published: 'Published on online store',
  sku: 'SKU',
  grams: 'Weight value (grams)',
  tracker: 'Inventory tracker',
  quantity: 'Inventory quantity',
  policy: 'Continue selling when out of stock',
  fulfillment: 'Fulfillment service',
  price: 'Price',
  compareAtPrice: 'Compare-at price',
  requiresShipping: 'Requires shipping',
  taxable: 'Charge tax',
  barcode: 'Barcode',
  imageSrc: 'Product image URL',
  imageAlt: 'Image alt text',
  giftCard: 'Gift card',
  variantImage: 'Variant image URL',
  weightUnit: 'Weight unit for display',
  taxCode: 'Tax code',
};

/** Columns written once per product, on the handle's first row. */
const PRODUCT_COLUMNS = [
  'title',
  'body',
  'vendor',
  'productCategory',
  'type',
  'tags',
  'option1Name',
  'option2Name',
  'option3Name',
  'giftCard',
  'seoTitle',
  'seoDescription',
  'googleCategory',
  'gender',
  'ageGroup',
  'mpn',
  'condition',
  'customLabel0',
  'customLabel1',
  'customLabel2',
  'customLabel3',
  'customLabel4',
  'status',
] as const satisfies readonly Column[];
type ProductColumn = (typeof PRODUCT_COLUMNS)[number];

const OPTIONS = [
  { name: 'option1Name', value: 'option1Value', fallback: 'Option1' },
  { name: 'option2Name', value: 'option2Value', fallback: 'Option2' },
  { name: 'option3Name', value: 'option3Value', fallback: 'Option3' },
] as const;

/** Shopify's columns kept as extra fields under their Shopify names: they say something an ad may use. */
const KEPT_PRODUCT_COLUMNS = ['seoTitle', 'seoDescription', 'giftCard'] as const satisfies readonly Column[];
const KEPT_VARIANT_COLUMNS = ['grams', 'weightUnit'] as const satisfies readonly Column[];

/**
 * Shopify's per-market columns (`Included / United States`, `Price / International`, `Compare At Price /
 * International`) and the options' links to metafields: bookkeeping of the store, not kept.
 */
const DROPPED_COLUMN = /^(?:included|price|compare[ -]at price) \/ |^option[123] linked to$/;

/** The names this module writes, besides option names; an option must not take one of them. */
const OUTPUT_NAMES = new Set(['gtin', 'mpn', 'gender', 'age_group', 'tags']);

/** A column the module does not know (a metafield, a newer column): kept as an extra field as written. */
interface OtherColumn {
  index: number;
  name: string;
  /** A variant's column (`Variant Metafield: …`): never taken from the product's first row. */
  variantOnly: boolean;
}

/** Where each column of one header is. */
class Header {
  private readonly index = new Map<Column, number>();
  readonly others: OtherColumn[] = [];

  constructor(names: readonly string[]) {
    const roles = new Map<string, Column>([
      ...Object.entries(COLUMNS).map(([role, name]) => [headerKey(name), role as Column] as const),
      ...Object.entries(CURRENT_NAMES).map(([role, name]) => [headerKey(name), role as Column] as const),
    ]);
    names.forEach((name, i) => {
      const key = headerKey(name);
      const role = roles.get(key);
      if (role !== undefined) {
        if (!this.index.has(role)) this.index.set(role, i);
      } else if (key !== '' && !DROPPED_COLUMN.test(key)) {
        this.others.push({
          index: i,
          name: name.trim(),
          variantOnly: /^variant |variant\.metafields/.test(key),
        });
      }
    });
  }

  /** The trimmed value of a role's column in a row ('' when the header has no such column). */
  get(values: readonly string[], column: Column): string {
    const i = this.index.get(column);
    return i === undefined ? '' : (values[i] ?? '').trim();
  }
}

/** A row of the product in progress, as read. */
interface VariantRow {
  kind: 'variant';
  row: number;
  values: readonly string[];
  header: Header;
}

interface ProductImage {
  src: string;
  /** Image Position, or Infinity when not given (after the positioned ones, in file order). */
  position: number;
}

/** The rows of one handle read so far, and what its first rows said about the product. */
interface Product {
  handle: string;
  /** Product-level values: the first non-empty one of each column in the handle's rows. */
  fields: Map<ProductColumn, string>;
  /** Unknown product-level columns, by name: the first non-empty value. */
  others: Map<string, string>;
  images: ProductImage[];
  /** Variant rows and malformed lines waiting for the product's last row, in file order. */
  pending: (VariantRow | Extract<FeedEvent, { kind: 'rejected' }>)[];
  pendingChars: number;
  description: string | undefined;
}

/**
 * A product with more rows than Shopify allows (2,048 variants, 250 images) is not one the export
 * writes; past these bounds its variants read so far are written with the images seen so far, so memory
 * stays bounded whatever the file holds.
 */
const MAX_PENDING_ROWS = 10_000;
const MAX_PRODUCT_IMAGES = 1000;
const MAX_PENDING_CHARS = 16 * 1024 * 1024;

/**
 * Turns the export's rows (in file order) into one record per variant, named in the catalogue's own
 * vocabulary, holding one product's rows at a time (rows of a handle are consecutive in Shopify's export).
 *
 * A product's rows end where a row with another non-empty Handle starts. A row with an empty Handle
 * belongs to the product in progress. When a handle's rows are not consecutive (a hand-edited file), the
 * later group is read as a product of its own that repeats the handle: it gets the product fields its own
 * rows carry (often none, so no title) and its variants' ids may repeat, which the item mapper then
 * reports as duplicates. Malformed lines pass through at their place.
 */
export async function* shopifyVariantRecords(
  rows: AsyncIterable<FeedEvent>,
): AsyncGenerator<FeedEvent, void, undefined> {
  let header: Header | undefined;
  let headerNames: readonly string[] | undefined;
  let product: Product | undefined;

  for await (const event of rows) {
    if (event.kind === 'rejected') {
      if (product) product.pending.push(event);
      else yield event;
      continue;
    }
    if (event.names !== headerNames) {
      headerNames = event.names;
      header = new Header(event.names);
    }
    const h = header!;
    const handle = h.get(event.values, 'handle');
    if (product && handle !== '' && handle !== product.handle) {
      yield* variantEvents(product);
      product = undefined;
    }
    product ??= newProduct(handle);
    readRow(product, event, h);
    if (product.pending.length >= MAX_PENDING_ROWS || product.pendingChars >= MAX_PENDING_CHARS) {
      yield* variantEvents(product);
    }
  }
  if (product) yield* variantEvents(product);
}

function newProduct(handle: string): Product {
  return {
    handle,
    fields: new Map(),
    others: new Map(),
    images: [],
    pending: [],
    pendingChars: 0,
    description: undefined,
  };
}

function readRow(product: Product, record: Extract<FeedEvent, { kind: 'record' }>, header: Header): void {
  const { values } = record;
  for (const column of PRODUCT_COLUMNS) {
    if (product.fields.has(column)) continue;
    const value = header.get(values, column);
    if (value !== '') product.fields.set(column, value);
  }
  for (const other of header.others) {
    if (other.variantOnly || product.others.has(other.name)) continue;
    const value = (values[other.index] ?? '').trim();
    if (value !== '') product.others.set(other.name, value);
  }
  const src = header.get(values, 'imageSrc');
  // Shopify allows 250 images a product; a file with more rows keeps the first ones, in bounded memory.
  if (src !== '' && product.images.length < MAX_PRODUCT_IMAGES) {
    const position = Number(header.get(values, 'imagePosition'));
    product.images.push({ src, position: Number.isFinite(position) && position > 0 ? position : Infinity });
  }
  if (isVariantRow(values, header)) {
    product.pending.push({ kind: 'variant', row: record.row, values, header });
    for (const value of values) product.pendingChars += value.length;
  }
}

/**
 * A row that describes a variant. Every variant row of the export has an option value (a product without
 * options has `Default Title`); the others of a handle carry only an image.
 */
function isVariantRow(values: readonly string[], header: Header): boolean {
  const columns: Column[] = ['title', 'option1Value', 'option2Value', 'option3Value', 'sku', 'price'];
  return columns.some((column) => header.get(values, column) !== '');
}

/** Yields the product's pending rows: a record (or a rejection) per variant, malformed lines as they came. */
function* variantEvents(product: Product): Generator<FeedEvent> {
  const images = productImages(product.images);
  for (const entry of product.pending) {
    yield entry.kind === 'variant' ? variantEvent(product, entry, images) : entry;
  }
  product.pending = [];
  product.pendingChars = 0;
}

/** The product's image links: by Image Position, then file order; each link once. */
function productImages(images: readonly ProductImage[]): string[] {
  const sorted = [...images].sort((a, b) =>
    a.position === b.position ? 0 : a.position < b.position ? -1 : 1,
  );
  return [...new Set(sorted.map((image) => image.src))];
}

/** Names and values of one output record, added in order; empty values are left out. */
class Fields {
  readonly names: string[] = [];
  readonly values: string[] = [];

  add(name: string, value: string | undefined): void {
    if (value === undefined || value === '') return;
    this.names.push(name);
    this.values.push(value);
  }
}

function variantEvent(product: Product, variant: VariantRow, images: readonly string[]): FeedEvent {
  const { values, header, row } = variant;
  const field = (column: ProductColumn) => product.fields.get(column) ?? '';
  const own = (column: Column) => header.get(values, column);

  const options = OPTIONS.flatMap(({ name, value, fallback }) => {
    const optionValue = own(value);
    return optionValue === '' ? [] : [{ name: field(name) || fallback, value: optionValue }];
  });
  // A product without options has one variant: option Title, value Default Title.
  const defaultVariant =
    options.length === 0 || (options.length === 1 && options[0]!.value === 'Default Title');
  const optionValues = defaultVariant ? [] : options.map((option) => option.value);
  const id = own('sku') || [product.handle, ...optionValues].filter((part) => part !== '').join('-');

  const status = field('status').toLowerCase();
  if (status === 'draft') return { kind: 'rejected', row, id: id || null, reason: DRAFT_REASON };
  if (status === 'archived') return { kind: 'rejected', row, id: id || null, reason: ARCHIVED_REASON };

  const out = new Fields();
  out.add('id', id);
  const title = field('title');
  out.add(
    'title',
    title !== '' && optionValues.length > 0 ? `${title} – ${optionValues.join(' / ')}` : title,
  );
  // Line breaks in the HTML source are white space, as the store shows them; only elements break lines.
  product.description ??= htmlToText(field('body').replace(/\s+/g, ' '));
  out.add('description', product.description);

  const stock = availability(own('tracker'), own('quantity'), own('policy'));
  out.add('availability', stock.availability);
  out.add('inventory', stock.inventory);
  out.add('condition', field('condition'));

  const { price, salePrice } = prices(own('price'), own('compareAtPrice'));
  out.add('price', price);
  out.add('sale_price', salePrice);

  const imageLink = own('variantImage') || images[0];
  out.add('image_link', imageLink);
  for (const image of images) if (image !== imageLink) out.add('additional_image_link', image);

  out.add('brand', field('vendor'));
  out.add('item_group_id', product.handle);
  out.add('product_type', field('type'));
  out.add('google_product_category', field('googleCategory') || field('productCategory'));
  out.add('custom_label_0', field('customLabel0'));
  out.add('custom_label_1', field('customLabel1'));
  out.add('custom_label_2', field('customLabel2'));
  out.add('custom_label_3', field('customLabel3'));
  out.add('custom_label_4', field('customLabel4'));
  out.add('gtin', own('barcode'));
  out.add('mpn', field('mpn'));
  out.add('gender', field('gender'));
  out.add('age_group', field('ageGroup'));
  for (const tag of field('tags').split(',')) out.add('tags', tag.trim());

  if (!defaultVariant) for (const option of options) out.add(optionFieldName(option.name), option.value);
  for (const column of KEPT_PRODUCT_COLUMNS) out.add(COLUMNS[column], field(column));
  for (const column of KEPT_VARIANT_COLUMNS) out.add(COLUMNS[column], own(column));
  for (const other of header.others) {
    const value = (values[other.index] ?? '').trim();
    out.add(other.name, value !== '' || other.variantOnly ? value : product.others.get(other.name));
  }
  return { kind: 'record', row, names: out.names, values: out.values };
}

/**
 * The extra field an option's value is kept under: the option's name (`Size`), unless the catalogue
 * would read that name as one of its fields (an option called `Title`, `Quantity` or `Image`) or it is a
 * name this module writes; then `Option <name>`.
 */
function optionFieldName(name: string): string {
  const taken = routeColumn(name).kind !== 'extra' || OUTPUT_NAMES.has(name.trim().toLowerCase());
  return taken ? `Option ${name}` : name;
}

/**
 * Price and sale price: a compare-at price above the price is the regular price and the price is then a
 * sale price (Shopify shows it struck through). Amounts are compared by parsePrice's reading; a value it
 * cannot read is passed on as written, for the item mapper to report.
 */
function prices(price: string, compareAt: string): { price: string; salePrice: string } {
  if (price === '' || compareAt === '') return { price, salePrice: '' };
  try {
    if (parsePrice(compareAt).amount > parsePrice(price).amount)
      return { price: compareAt, salePrice: price };
  } catch (e) {
    if (!(e instanceof PriceError)) throw e;
  }
  return { price, salePrice: '' };
}

/**
 * Availability from Shopify's stock settings. A variant whose stock Shopify does not track is always
 * sellable, and its quantity means nothing, so no inventory is given. A tracked one without a readable
 * quantity (a store with several locations may export none) is taken as in stock. Shopify lets a
 * quantity go below 0 when selling on (policy continue); the catalogue counts from 0.
 */
function availability(
  tracker: string,
  quantity: string,
  policy: string,
): { availability: string; inventory: string } {
  if (tracker === '') return { availability: 'in stock', inventory: '' };
  if (!/^[+-]?\d+$/.test(quantity)) return { availability: 'in stock', inventory: '' };
  const count = Number(quantity);
  const inventory = String(Math.max(0, count));
  if (count > 0) return { availability: 'in stock', inventory };
  return {
    // Classic `Variant Inventory Policy` says continue or deny; the current `Continue selling when out
    // of stock` says TRUE or FALSE.
    availability: /^(?:continue|true)$/i.test(policy) ? 'available for order' : 'out of stock',
    inventory,
  };
}
