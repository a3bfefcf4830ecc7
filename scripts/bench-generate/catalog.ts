/**
 * The catalogue of `npm run bench:generate`: a CSV as a shop exports it, one row per item with its own
 * image URL on the local image server, a title with a style number (so no two items make the same ad),
 * a price, a sale on about a third of the items (its period covers the run), a brand and the usual
 * Google/Meta columns. The same items on every run.
 */
import { random } from './photos.js';

const BRANDS = ['Northwind', 'Fabrikam', 'Contoso', 'Tailspin', 'Adventure Works', 'Litware', 'Proseware'];
const KINDS = ['Bottle', 'Sneaker', 'Gift box', 'Mug', 'Watch'];
const WORDS = ['Classic', 'Everyday', 'Premium', 'Organic', 'Recycled', 'Lightweight', 'Trail', 'Studio'];
const COLOURS = ['black', 'white', 'navy', 'sand', 'olive', 'red', 'grey', 'blue'];

/** Quotes a CSV field when it needs it. */
const field = (value: string): string => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** Item n's id: SKU-000001 … */
export const itemId = (n: number): string => `SKU-${String(n).padStart(6, '0')}`;

/** The catalogue file of `count` items; `imageUrl` gives an item's photo URL. */
export function catalogCsv(count: number, imageUrl: (itemId: string) => string): string {
  const next = random(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const header = [
    'id',
    'title',
    'description',
    'link',
    'image_link',
    'price',
    'sale_price',
    'sale_price_effective_date',
    'brand',
    'availability',
    'condition',
    'product_type',
    'item_group_id',
    'color',
    'rating',
    'review_count',
    'inventory',
  ];
  const rows = [header.join(',')];
  for (let n = 1; n <= count; n += 1) {
    const id = itemId(n);
    // The photo cycles with n (photos.ts), and so does the kind, so the title names what the photo shows.
    const kind = KINDS[(n % 50) % KINDS.length]!;
    const brand = pick(BRANDS);
    const colour = pick(COLOURS);
    const price = 9 + Math.floor(next() * 290) + 0.99;
    const onSale = next() < 0.3;
    const title = `${brand} ${pick(WORDS)} ${kind}, ${colour} – style ${1000 + n}`;
    rows.push(
      [
        id,
        title,
        `A ${colour} ${kind.toLowerCase()} by ${brand}, made to last. Free returns within 30 days.`,
        `https://shop.example.com/products/${id.toLowerCase()}`,
        imageUrl(id),
        `${price.toFixed(2)} USD`,
        onSale ? `${(price * 0.8).toFixed(2)} USD` : '',
        onSale ? '2024-01-01T00:00Z/2099-12-31T23:59Z' : '',
        brand,
        next() < 0.92 ? 'in stock' : 'out of stock',
        'new',
        `Home > ${kind}s`,
        `G-${Math.floor(n / 4)}`,
        colour,
        (3 + next() * 2).toFixed(1),
        String(Math.floor(next() * 2000)),
        String(Math.floor(next() * 300)),
      ]
        .map(field)
        .join(','),
    );
  }
  return `${rows.join('\n')}\n`;
}
