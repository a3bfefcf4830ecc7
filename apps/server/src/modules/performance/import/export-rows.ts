/**
 * One row of an Ads Manager export → the ad, day, metrics and breakdown values it gives, or the reason it
 * is rejected (the row number and the column's own header in the text), or the totals row Ads Manager puts
 * first (skipped). A file-level problem (a date range instead of days) refuses the whole file. Pure.
 */
import type { Breakdown } from '@adloom/commerce';
import type { MetricsInput } from '../facts.js';
import type { ExportField, Language } from './aliases.js';
import {
  ageValue,
  attributionValue,
  countryValue,
  deviceValue,
  genderValue,
  placementOf,
} from './breakdown-values.js';
import { readDay } from './days.js';
import type { HeaderMap } from './headers.js';
import { refusals } from './messages.js';
import { readNumber, type DecimalMark } from './numbers.js';
import type { Cell, SheetRow } from './read-rows.js';

/** The breakdowns an export's columns can give (every one: Product ID is Meta's product_id). */
export type ExportBreakdown = Breakdown;

export interface ExportRow {
  number: number;
  day: string;
  currency: string;
  account: { externalId: string; name: string; attributionSetting: string | null };
  campaign: { externalId: string; name: string };
  adSet: { externalId: string; name: string };
  ad: {
    externalId: string;
    name: string;
    creativeUrl?: string;
    thumbnailUrl?: string;
    creativeKind?: string;
  };
  metrics: MetricsInput;
  breakdowns: Partial<Record<ExportBreakdown, string>>;
}

export type RowResult =
  | { kind: 'row'; row: ExportRow }
  | { kind: 'rejected'; number: number; id: string | null; reason: string }
  | { kind: 'skipped' };

/** Everything a row is read with: the header map, the headers as written, the file's conventions. */
export interface RowContext {
  headers: readonly string[];
  map: HeaderMap;
  language: Language;
  decimal: DecimalMark;
  /** The currency of amounts when no Currency column says otherwise. */
  currency: string | null;
}

const METRIC_FIELDS = [
  'spend',
  'impressions',
  'reach',
  'clicks',
  'linkClicks',
  'purchases',
  'purchaseValue',
  'addToCart',
  'video3sPlays',
  'thruplays',
] as const satisfies readonly (ExportField & keyof MetricsInput)[];

/** Metrics left out of an export are unknown, not zero, only for video (not a video ad, not exported). */
const NULL_WHEN_MISSING: ReadonlySet<string> = new Set(['video3sPlays', 'thruplays']);

export function text(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/** Ids Excel rewrote ("1.20253E+17") or a number cell past 2^53: the id is lost. */
function damagedId(cell: Cell | undefined): boolean {
  if (typeof cell === 'number') return !Number.isSafeInteger(cell);
  return /^\d+(?:[.,]\d+)?E\+\d+$/i.test(text(cell));
}

/** Reads one data row. Throws ImportRefusal for a row that makes the whole file unreadable (a date range). */
export function readRow(row: SheetRow, ctx: RowContext, first: boolean): RowResult {
  const { columns } = ctx.map;
  const cell = (field: ExportField): Cell | undefined => {
    const index = columns[field];
    return index === undefined ? undefined : row.cells[index];
  };
  const value = (field: ExportField) => text(cell(field));
  const header = (field: ExportField) => ctx.headers[columns[field]!]!.trim();
  const reasons: string[] = [];

  const campaignName = value('campaignName');
  const adName = value('adName');
  const adSetName = value('adSetName');
  if (campaignName === '' && adName === '' && value('adId') === '' && value('campaignId') === '') {
    if (first) return { kind: 'skipped' };
    if (row.cells.every((c) => text(c) === '')) return { kind: 'skipped' };
  }
  if (campaignName === '') reasons.push(`"${header('campaignName')}" is empty.`);
  if (adName === '') reasons.push(`"${header('adName')}" is empty.`);

  for (const field of ['accountId', 'campaignId', 'adSetId', 'adId'] as const)
    if (columns[field] !== undefined && damagedId(cell(field)))
      reasons.push(
        `"${header(field)}" is "${value(field)}": a spreadsheet rounded the id. Export the file again and upload it without opening it in Excel.`,
      );

  // The day: the Day column, or a report covering one day.
  let day: string | null = null;
  if (columns.day !== undefined) {
    day = readDay(cell('day') ?? null, ctx.language);
    if (!day) reasons.push(`"${header('day')}" is "${value('day')}", not a date.`);
  } else {
    const from = readDay(cell('reportingStarts') ?? null, ctx.language);
    const to = readDay(cell('reportingEnds') ?? null, ctx.language);
    if (!from) reasons.push(`"${header('reportingStarts')}" is "${value('reportingStarts')}", not a date.`);
    else if (!to) reasons.push(`"${header('reportingEnds')}" is "${value('reportingEnds')}", not a date.`);
    else if (from !== to) throw refusals.range(from, to, row.number);
    else day = from;
  }

  const metrics = {} as Record<(typeof METRIC_FIELDS)[number], number | null>;
  for (const field of METRIC_FIELDS) {
    const missing = NULL_WHEN_MISSING.has(field) ? null : 0;
    if (columns[field] === undefined) {
      metrics[field] = missing;
      continue;
    }
    const read = readNumber(
      cell(field) instanceof Date ? null : (cell(field) as string | number | null),
      ctx.decimal,
    );
    if (read.kind === 'empty') metrics[field] = missing;
    else if (read.kind === 'invalid') {
      reasons.push(`"${header(field)}" is "${value(field)}", not a number.`);
      metrics[field] = missing;
    } else if (read.value < 0) {
      reasons.push(`"${header(field)}" is "${value(field)}", below zero.`);
      metrics[field] = missing;
    } else metrics[field] = read.value;
  }

  let currency = ctx.currency;
  if (columns.currency !== undefined && value('currency') !== '') {
    const code = value('currency').toUpperCase();
    if (/^[A-Z]{3}$/.test(code)) currency = code;
    else reasons.push(`"${header('currency')}" is "${value('currency')}", not a currency code such as EUR.`);
  }
  if (!currency) reasons.push(`"${header('currency')}" is empty and the amounts name no currency.`);

  if (reasons.length > 0 || !day || !currency)
    return {
      kind: 'rejected',
      number: row.number,
      id: adName || null,
      reason: `Row ${row.number}: ${reasons.join(' ')}`,
    };

  const breakdowns: Partial<Record<ExportBreakdown, string>> = {};
  if (columns.age !== undefined) breakdowns.age = ageValue(value('age')) ?? (value('age') || 'Unknown');
  if (columns.gender !== undefined)
    breakdowns.gender = genderValue(value('gender')) ?? (value('gender').toLowerCase() || 'unknown');
  if (columns.country !== undefined)
    breakdowns.country = countryValue(value('country'), ctx.language) ?? (value('country') || 'unknown');
  if (columns.placement !== undefined || columns.platform !== undefined)
    breakdowns.placement = placementOf(value('platform') || null, value('placement') || null) ?? 'unknown';
  if (columns.device !== undefined) breakdowns.device = deviceValue(value('device')) ?? 'unknown';
  // The catalogue item id, as written: the DPA dashboards match it against the client's catalogues.
  const productId = value('productId');
  if (columns.productId !== undefined) breakdowns.product_id = productId || 'unknown';

  const accountId = value('accountId');
  const accountName = value('accountName');
  const account = accountId
    ? { externalId: accountId, name: accountName || `Ad account ${accountId}` }
    : accountName
      ? { externalId: `name:${accountName}`, name: accountName }
      : { externalId: `export:${currency}`, name: `Ads Manager export (${currency})` };

  const setName = adSetName || campaignName;
  const campaignExternal = value('campaignId') || `name:${campaignName}`;
  const setExternal = value('adSetId') || `name:${campaignName}\u001f${setName}`;
  const adExternal = value('adId') || `name:${campaignName}\u001f${setName}\u001f${adName}`;
  const imageUrl = value('imageUrl');
  const videoUrl = value('videoUrl');
  const ad: ExportRow['ad'] = { externalId: adExternal, name: adName };
  if (videoUrl) Object.assign(ad, { creativeUrl: videoUrl, creativeKind: 'video' });
  else if (imageUrl) Object.assign(ad, { creativeUrl: imageUrl, creativeKind: 'image' });
  if (imageUrl) ad.thumbnailUrl = imageUrl;
  // Only catalogue ads deliver per product.
  if (productId) ad.creativeKind = 'catalog';

  return {
    kind: 'row',
    row: {
      number: row.number,
      day,
      currency,
      account: { ...account, attributionSetting: attributionValue(value('attributionSetting')) },
      campaign: { externalId: campaignExternal, name: campaignName },
      adSet: { externalId: setExternal, name: setName },
      ad,
      metrics: metrics as MetricsInput,
      breakdowns,
    },
  };
}
