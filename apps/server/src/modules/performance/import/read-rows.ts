/**
 * An export's rows, streamed from its bytes whatever its format: CSV (comma, semicolon as French and Spanish
 * Excel write it, or tab; quoted fields; UTF-8 with or without a BOM; UTF-16 with a BOM, Excel's "Unicode
 * text") or an Excel workbook (.xlsx, its first sheet). Only a chunk and a row are held at a time, so a
 * 200 MB export reads in flat memory. Files that are none of these are refused with what they are.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { refusals } from './messages.js';
import { readXlsxRows } from './read-xlsx.js';

/** A cell as read: text (CSV, and text cells of a workbook), a number or a date (typed workbook cells). */
export type Cell = string | number | Date | null;

/** One row: its number as a spreadsheet shows it (the header row is row 1) and its cells. */
export interface SheetRow {
  number: number;
  cells: Cell[];
}

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportRows {
  format: ExportFormat;
  /** The CSV delimiter read (null for a workbook). */
  delimiter: ',' | ';' | '\t' | null;
  rows: AsyncIterable<SheetRow>;
}

const HEAD_BYTES = 64 * 1024;

/** The first bytes of a stream (at least `size` when there are that many) and the whole stream again. */
async function peek(
  source: AsyncIterable<Buffer>,
  size: number,
): Promise<{ head: Buffer; all: AsyncIterable<Buffer> }> {
  const iterator = source[Symbol.asyncIterator]();
  const seen: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value as Uint8Array);
    seen.push(chunk);
    length += chunk.length;
  }
  const all = (async function* () {
    yield* seen;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  })();
  return { head: Buffer.concat(seen), all };
}

type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

function encodingOf(head: Buffer): TextEncoding {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/** What the first bytes say: a workbook, text in an encoding, or a refusal. */
function classify(head: Buffer): { kind: 'xlsx' } | { kind: 'text'; encoding: TextEncoding } {
  if (head.length === 0) throw refusals.empty();
  if (head.subarray(0, 4).toString('latin1') === 'PK\x03\x04') return { kind: 'xlsx' };
  const encoding = encodingOf(head);
  if (encoding === 'utf-8' && head.includes(0)) throw refusals.binary();
  const text = new TextDecoder(encoding).decode(head.subarray(0, 4096)).replace(/^\ufeff/, '');
  if (text.trim() === '') throw refusals.empty();
  const start = text.trimStart().replace(/^<!--[\s\S]*?-->\s*/, '');
  if (/^<!doctype\s+html\b/i.test(start) || /^<html[\s>]/i.test(start) || /^<(head|body)[\s>]/i.test(start))
    throw refusals.htmlPage();
  if (/^<[?!A-Za-z]/.test(start)) throw refusals.xmlDocument();
  return { kind: 'text', encoding };
}

/** The delimiter of the header line: the most frequent of tab, semicolon and comma outside quotes. */
export function sniffDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  if (counts['\t'] > counts[';'] && counts['\t'] > counts[',']) return '\t';
  return counts[';'] > counts[','] ? ';' : ',';
}

/** Text chunks of the bytes (a BOM dropped; a character split between chunks kept whole). */
async function* decode(bytes: AsyncIterable<Buffer>, encoding: TextEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of bytes) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

async function* csvRows(
  bytes: AsyncIterable<Buffer>,
  encoding: TextEncoding,
  delimiter: string,
): AsyncGenerator<SheetRow> {
  const parser = Readable.from(decode(bytes, encoding)).pipe(
    parse({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false }),
  );
  let number = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      number += 1;
      yield { number, cells: record };
    }
  } finally {
    parser.destroy();
  }
}

/** Reads an export's rows from its bytes; refuses (ImportRefusal) what is neither CSV nor a workbook. */
export async function readExportRows(source: AsyncIterable<Buffer>): Promise<ExportRows> {
  const { head, all } = await peek(source, HEAD_BYTES);
  const kind = classify(head);
  if (kind.kind === 'xlsx') return { format: 'xlsx', delimiter: null, rows: readXlsxRows(all) };
  const text = new TextDecoder(kind.encoding).decode(head);
  const delimiter = sniffDelimiter(text.replace(/^\ufeff/, ''));
  return { format: 'csv', delimiter, rows: csvRows(all, kind.encoding, delimiter) };
}
