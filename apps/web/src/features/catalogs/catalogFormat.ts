/** Pure formatting helpers of the catalogue screens (no React, no DOM). */
import { withCurrency } from '@adloom/commerce';

export type CatalogSchedule = 'NONE' | 'HOURLY' | 'DAILY' | 'WEEKLY';

/** The schedules a catalogue fetched from a URL can refresh on, as the schedule select offers them. */
export const SCHEDULE_OPTIONS: { value: CatalogSchedule; label: string }[] = [
  { value: 'NONE', label: 'None: import by hand' },
  { value: 'HOURLY', label: 'Every hour' },
  { value: 'DAILY', label: 'Every day' },
  { value: 'WEEKLY', label: 'Every week' },
];

const SCHEDULE_LABELS: Record<CatalogSchedule, string> = {
  NONE: 'Not scheduled',
  HOURLY: 'Every hour',
  DAILY: 'Every day',
  WEEKLY: 'Every week',
};

export function scheduleLabel(schedule: CatalogSchedule): string {
  return SCHEDULE_LABELS[schedule];
}

/** What the user may say a feed is; 'AUTO' (no value sent) lets the importer tell it from its first bytes. */
export type FeedFormatChoice = 'AUTO' | 'CSV' | 'TSV' | 'XML' | 'JSON' | 'JSON_LINES' | 'SHOPIFY';

export const FEED_FORMAT_OPTIONS: { value: FeedFormatChoice; label: string }[] = [
  { value: 'AUTO', label: 'Detect from the file' },
  { value: 'CSV', label: 'CSV (Google, Meta)' },
  { value: 'TSV', label: 'TSV (tab-separated)' },
  { value: 'XML', label: 'XML: RSS 2.0 or Atom 1.0' },
  { value: 'JSON', label: 'JSON (a list of products)' },
  { value: 'JSON_LINES', label: 'JSON Lines (a product a line)' },
  { value: 'SHOPIFY', label: 'Shopify products export (CSV)' },
];

/** The choice for a stored format (null: detect). */
export function feedFormatChoice(format: string | null | undefined): FeedFormatChoice {
  return (format as FeedFormatChoice | null | undefined) ?? 'AUTO';
}

/** A three-letter ISO 4217 code, or an empty text (no currency): what the currency field accepts. */
export function currencyProblem(text: string): string | null {
  const code = text.trim();
  return code === '' || /^[A-Za-z]{3}$/.test(code) ? null : 'Enter a three-letter code such as USD or EUR.';
}

/** Where the items come from: the feed URL's host, or an uploaded file. */
export function sourceLabel(sourceUrl: string | null | undefined): string {
  if (!sourceUrl) return 'Uploaded file';
  try {
    return `URL: ${new URL(sourceUrl).host}`;
  } catch {
    return `URL: ${sourceUrl}`;
  }
}

/** 'no items', '1 item', '1,234 items'. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  if (count === 0) return `no ${plural}`;
  return `${count.toLocaleString('en')} ${count === 1 ? singular : plural}`;
}

/** A price with its currency code as the feed gave it: '49.99 USD'; '—' without one. */
export function formatPrice(amount: string | null | undefined, currency: string | null | undefined): string {
  return amount ? withCurrency(amount, currency) : '—';
}

const AVAILABILITY_COLORS: Record<string, string> = {
  'in stock': 'green',
  'out of stock': 'red',
  preorder: 'blue',
  'available for order': 'teal',
  backorder: 'yellow',
  discontinued: 'gray',
  pending: 'yellow',
  mark_as_sold: 'gray',
};

export function availabilityColor(availability: string): string {
  return AVAILABILITY_COLORS[availability] ?? 'gray';
}

/** The file types the importer reads, for the file input's accept attribute. */
export const CATALOG_FILE_ACCEPT = '.csv,.tsv,.txt,.xml,.json,.jsonl,.ndjson,.gz';

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  xml: 'application/xml',
  json: 'application/json',
  jsonl: 'application/x-ndjson',
  ndjson: 'application/x-ndjson',
  gz: 'application/gzip',
};

/**
 * The Content-Type a catalogue file is uploaded with. The importer tells the format from the bytes,
 * so a .txt (CSV or TSV) or anything else goes as application/octet-stream, which the upload allows.
 */
export function catalogFileContentType(fileName: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** True for a name the importer accepts: .csv, .tsv, .txt, .xml, .json, .jsonl, .ndjson, or one of them gzipped (.gz). */
export function isCatalogFileName(fileName: string): boolean {
  return /\.(csv|tsv|txt|xml|json|jsonl|ndjson|gz)$/i.test(fileName);
}

/** A catalogue name from a file name: without its extensions (`.csv.gz` too), at most 100 characters. */
export function catalogNameFromFileName(fileName: string): string {
  const base = fileName
    .replace(/\.gz$/i, '')
    .replace(/\.(csv|tsv|txt|xml|json|jsonl|ndjson)$/i, '')
    .replace(/[_-]+/g, ' ')
    .trim();
  return Array.from(base).slice(0, 100).join('').trim();
}

/** Every picture of an item, main image first, each once. */
export function itemImages(item: { imageLink: string; additionalImageLinks: readonly string[] }): string[] {
  return [...new Set([item.imageLink, ...item.additionalImageLinks].filter((link) => link.trim() !== ''))];
}

/**
 * The extra fields of an item (the columns the importer did not know) as name and value pairs; a
 * repeated column (a list of texts) reads as its values separated by commas.
 */
export function extraFields(extraJson: string): [string, string][] {
  let value: unknown;
  try {
    value = JSON.parse(extraJson);
  } catch {
    return [];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>).map(([name, v]) => [
    name,
    typeof v === 'string'
      ? v
      : Array.isArray(v) && v.every((e) => typeof e === 'string')
        ? v.join(', ')
        : JSON.stringify(v),
  ]);
}

/** A field's label with a capital first letter: 'price' → 'Price'. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
