/**
 * Streaming feed parsers: CSV and TSV (csv-parse; Meta's leading `#` comment lines skipped, Shopify's
 * products export turned into one row per variant), RSS 2.0 / Atom XML with Google's `g:` fields (saxes),
 * and JSON or JSON Lines (json-feed.ts), gzip inflated on the fly. They yield one row at a time and hold
 * at most one input chunk and the rows it completed, so memory stays flat however long the feed is.
 */
import { Readable, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { parse as parseCsv, type CsvError, type Options as CsvOptions } from 'csv-parse';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { FeedRecord } from './canonical.js';
import { collapseText, htmlEntity, htmlToText, isBlockElement } from './html-text.js';
import { detectJsonShape, jsonEvents } from './json-feed.js';
import { isShopifyProductsHeader, shopifyVariantRecords } from './shopify-export.js';

/** The formats an import tells apart (catalog_imports.format). */
export const FEED_FORMATS = ['csv', 'tsv', 'rss', 'atom', 'json', 'jsonl', 'shopify'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];
/** What a user may say a feed is (the catalogue's format setting); undefined means: look at its first bytes. */
export const FEED_FORMAT_HINTS = ['csv', 'tsv', 'xml', 'json', 'jsonl', 'shopify'] as const;
export type FeedFormatHint = (typeof FEED_FORMAT_HINTS)[number];

/** How the report names a detected format. */
export const FEED_FORMAT_NAMES: Readonly<Record<FeedFormat, string>> = {
  csv: 'CSV',
  tsv: 'TSV',
  rss: 'RSS 2.0 (XML)',
  atom: 'Atom 1.0 (XML)',
  json: 'JSON',
  jsonl: 'JSON Lines',
  shopify: 'Shopify products export (CSV)',
};

/** One row read, or one row the parser had to skip (a malformed CSV line) with the reason. */
export type FeedEvent =
  ({ kind: 'record' } & FeedRecord) | { kind: 'rejected'; row: number; id: string | null; reason: string };

/** A feed that cannot be read on (broken XML, corrupt gzip, too large): the message is for the user. */
export class FeedParseError extends Error {
  override readonly name = 'FeedParseError';
}

export interface OpenFeedOptions {
  format?: FeedFormatHint | undefined;
  /** Most bytes read once inflated (default 2 GB): a small gzip file may inflate without end. */
  maxBytes?: number | undefined;
}

/** An opened feed: its format as seen so far, and its rows. Iterate `events()` once. */
export interface Feed {
  /** For XML, set from the root element once parsing has started ('rss' until then). */
  readonly format: FeedFormat;
  readonly gzip: boolean;
  /** Bytes read so far, after inflating. */
  readonly bytesRead: number;
  events(): AsyncGenerator<FeedEvent, void, undefined>;
}

export const DEFAULT_MAX_FEED_BYTES = 2 * 1024 ** 3;
/** A CSV row or an XML item longer than this is not a row: most often a quote that never closes. */
export const MAX_ROW_CHARS = 1024 * 1024;
const PEEK_BYTES = 64 * 1024;
const MAX_HEADER_BYTES = 1024 * 1024;

/** Writes a byte count for a message: `2 GB`, `1.5 MB`, `300 KB`, `12 bytes`. */
export function formatSize(bytes: number): string {
  const units: [number, string][] = [
    [1024 ** 3, 'GB'],
    [1024 ** 2, 'MB'],
    [1024, 'KB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) {
      const value = bytes / size;
      return `${Number.isInteger(value) ? value : value.toFixed(1).replace(/\.0$/, '')} ${unit}`;
    }
  }
  return `${bytes} bytes`;
}

/**
 * Reads the first bytes of a feed to tell gzip (magic bytes 1f 8b), XML (first character `<`) and
 * CSV/TSV (delimiter sniffed from the header line) apart, and returns the feed ready to iterate.
 */
export async function openFeed(
  input: AsyncIterable<Uint8Array>,
  options: OpenFeedOptions = {},
): Promise<Feed> {
  const hint = options.format;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_FEED_BYTES;
  const raw = new Peeker(input);
  const magic = await raw.peek(2);
  const gzip = magic.length >= 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  let bytesRead = 0;
  const counted = async function* (source: AsyncIterable<Uint8Array>) {
    for await (const chunk of source) {
      bytesRead += chunk.length;
      if (bytesRead > maxBytes) {
        throw new FeedParseError(
          `The feed is larger than ${formatSize(maxBytes)}${gzip ? ' once decompressed' : ''}`,
        );
      }
      yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    }
  };
  const body = new Peeker(counted(gzip ? gunzip(raw) : raw));
  const head = await body.peek(PEEK_BYTES);
  const start = skipBomAndSpace(head);
  const first = head[start];
  // Before any hint: a sign-in page given as a CSV is still a page, whatever the user chose.
  if (first === 0x3c && isHtmlPage(head.subarray(start, start + 2048).toString('latin1'))) {
    throw new FeedParseError(HTML_PAGE);
  }
  const json =
    hint === 'json' || hint === 'jsonl' || (hint === undefined && (first === 0x5b || first === 0x7b));
  const xml = hint === 'xml' || (hint === undefined && first === 0x3c);

  let format: FeedFormat;
  let events: () => AsyncGenerator<FeedEvent, void, undefined>;
  if (json) {
    const shape =
      hint === 'json' || hint === 'jsonl' ? hint : detectJsonShape(head.subarray(start).toString('utf8'));
    format = shape;
    events = () => jsonEvents(body, shape);
  } else if (xml) {
    const text = head.subarray(0, 1024).toString('latin1');
    format = /<(?:[\w.-]+:)?feed[\s>]/.test(firstElement(text)) ? 'atom' : 'rss';
    const encoding =
      /^\s*(?:\ufeff|ï»¿)?<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(text)?.[1] ?? 'utf-8';
    events = () => xmlEvents(body, encoding, (root) => (format = root));
  } else {
    // Meta's feeds may open with comment lines (`# ref_application_id 123`): the header follows them.
    const comments = await body.skipCommentLines(MAX_HEADER_BYTES);
    const line = await body.peek(MAX_HEADER_BYTES, (chunk) => chunk.includes(0x0a));
    const delimiter = hint === 'tsv' ? '\t' : sniffDelimiter(firstLine(line));
    format = delimiter === '\t' ? 'tsv' : 'csv';
    const onHeader = (names: readonly string[]) => {
      if (hint === 'shopify' || ((hint === undefined || hint === 'csv') && isShopifyProductsHeader(names)))
        format = 'shopify';
    };
    events = async function* () {
      const rows = csvEvents(body, delimiter, comments.lines, onHeader);
      const iterator = rows[Symbol.asyncIterator]();
      const head = await iterator.next();
      if (head.done) return;
      const all = (async function* () {
        yield head.value;
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
      })();
      try {
        yield* format === 'shopify' ? shopifyVariantRecords(all) : all;
      } finally {
        await iterator.return?.(undefined);
      }
    };
  }
  let started = false;
  return {
    get format() {
      return format;
    },
    gzip,
    get bytesRead() {
      return bytesRead;
    },
    events() {
      if (started) throw new Error('A feed can be read once');
      started = true;
      return events();
    },
  };
}

/** The text every HTML page gets, whatever its spelling of the doctype. */
export const HTML_PAGE = 'The address returned an HTML page, not a catalogue feed: check the feed URL';

/** True when the text starts an HTML page: `<!DOCTYPE html>` in any case, or an `<html>` root. */
function isHtmlPage(text: string): boolean {
  const cleaned = text.replace(/^(?:\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->))*\s*/, '');
  return /^<!doctype\s+html\b/i.test(cleaned) || /^<html[\s>]/i.test(cleaned);
}

function skipBomAndSpace(head: Buffer): number {
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x0a || head[i] === 0x0d || head[i] === 0x09))
    i += 1;
  return i;
}

/** The first start tag after the XML declaration, comments and DOCTYPE, e.g. `<rss version="2.0">`. */
function firstElement(text: string): string {
  const cleaned = text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<![^>]*>/g, '');
  return /<[^\s/>]+[\s>]/.exec(cleaned)?.[0] ?? '';
}

function firstLine(head: Buffer): string {
  const end = head.indexOf(0x0a);
  return head.subarray(0, end < 0 ? head.length : end).toString('utf8');
}

const DELIMITERS = ['\t', ',', ';', '|'] as const;

/**
 * The delimiter of a header line: the one of tab, comma, semicolon and pipe found most often outside
 * quotes (ties in that order); comma when the line has none (a single column).
 */
export function sniffDelimiter(header: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of header) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  let bestCount = 0;
  for (const d of DELIMITERS) {
    const n = counts.get(d)!;
    if (n > bestCount) {
      best = d;
      bestCount = n;
    }
  }
  return best;
}

/** An async iterable whose first bytes can be looked at before it is read. */
class Peeker implements AsyncIterable<Buffer> {
  private readonly iterator: AsyncIterator<Uint8Array>;
  private head: Buffer[] = [];
  private size = 0;
  private done = false;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  /**
   * Reads until at least `max` bytes are held, or a chunk read satisfies `found`, or the source ends,
   * and returns what is held (which the iteration then yields first).
   */
  async peek(max: number, found?: (chunk: Buffer) => boolean): Promise<Buffer> {
    let satisfied = found !== undefined && this.head.some(found);
    while (!this.done && this.size < max && !satisfied) {
      const next = await this.iterator.next();
      if (next.done) {
        this.done = true;
        break;
      }
      const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
      this.head.push(chunk);
      this.size += chunk.length;
      satisfied = found !== undefined && found(chunk);
    }
    const joined = Buffer.concat(this.head, this.size);
    this.head = joined.length > 0 ? [joined] : [];
    return joined;
  }

  /**
   * Drops the lines at the start that begin with `#` (after a byte order mark), as Meta's feeds write
   * their reference comments before the header; returns how many lines went.
   */
  async skipCommentLines(max: number): Promise<{ lines: number }> {
    let lines = 0;
    for (;;) {
      const head = await this.peek(2);
      const bom = head[0] === 0xef && head[1] === 0xbb ? 3 : 0;
      const held = await this.peek(bom + 1);
      if (held[bom] !== 0x23) return { lines };
      const line = await this.peek(max, (chunk) => chunk.includes(0x0a));
      const end = line.indexOf(0x0a);
      if (end < 0) throw new FeedParseError('The feed has comment lines but no header line');
      // The byte order mark stays in front of the next line, for csv-parse to drop.
      const rest = line.subarray(end + 1);
      const kept = bom ? Buffer.concat([line.subarray(0, bom), rest]) : rest;
      this.head = kept.length > 0 ? [kept] : [];
      this.size = kept.length;
      lines += 1;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
    try {
      const head = this.head;
      this.head = [];
      this.size = 0;
      yield* head;
      while (!this.done) {
        const next = await this.iterator.next();
        if (next.done) return;
        yield Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
      }
    } finally {
      // Leaving early (an error further down) must stop the source: a socket, a file.
      await this.iterator.return?.();
    }
  }
}

function gunzip(source: AsyncIterable<Uint8Array>): AsyncIterable<Buffer> {
  const inflate = createGunzip();
  const out = pipeline(Readable.from(source, { objectMode: false }), inflate, () => undefined);
  return (async function* () {
    try {
      for await (const chunk of out) yield chunk as Buffer;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code.startsWith('Z_') || code === 'ERR_ZLIB_INITIALIZATION_FAILED') {
        throw new FeedParseError(
          `The feed's gzip data is corrupt (${(error as Error).message}); upload it again`,
        );
      }
      throw error;
    } finally {
      out.destroy();
    }
  })();
}

// ——— CSV and TSV ———

function csvReason(error: CsvError, lastLine: number, skippedLines: number): string {
  const line = ((error as CsvError & { lines?: number }).lines ?? 0) + skippedLines;
  const record = (error as CsvError & { record?: unknown[] }).record;
  switch (error.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
    case 'CSV_RECORD_INCONSISTENT_COLUMNS': {
      const expected = /expect (\d+)/.exec(error.message)?.[1];
      const got = Array.isArray(record) ? record.length : /got (\d+)/.exec(error.message)?.[1];
      return `Malformed row: ${got} columns where the header has ${expected} (line ${line})`;
    }
    case 'CSV_QUOTE_NOT_CLOSED':
      return `Malformed row: a quote opened after line ${lastLine} is never closed, so the rest of the file could not be read`;
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `Malformed row: text follows a closing quote (line ${line})`;
    default:
      return `Malformed row: ${error.message}`;
  }
}

async function* csvEvents(
  source: AsyncIterable<Buffer>,
  delimiter: string,
  skippedLines: number,
  onHeader: (names: readonly string[]) => void,
): AsyncGenerator<FeedEvent> {
  let header: string[] | undefined;
  let row = 0;
  let lastLine = 0;
  const options: CsvOptions<FeedEvent, string[]> = {
    delimiter,
    bom: true,
    // Files that mix line endings exist (rows appended by another tool); a lone \r is not one.
    record_delimiter: ['\r\n', '\n'],
    // A quote inside an unquoted field is text (`15" screen`), as spreadsheets write it.
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_ROW_CHARS,
    on_record: (values: string[], context): FeedEvent | null => {
      lastLine = context.lines + skippedLines;
      if (header === undefined) {
        header = values.map((name, i) => name.trim() || `column_${i + 1}`);
        onHeader(header);
        return null;
      }
      row += 1;
      if (values.every((v) => v.trim() === '')) return null;
      // Every row has the header's length (others are skipped as malformed), so the names are shared.
      return { kind: 'record', row, names: header, values };
    },
    on_skip: (error) => {
      if (error === undefined) return undefined;
      if (header === undefined) {
        throw new FeedParseError(`The header line of the feed cannot be read: ${error.message}`);
      }
      if (error.code === 'CSV_MAX_RECORD_SIZE') {
        throw new FeedParseError(
          `Row ${row + 1} (from line ${lastLine + 1}) is longer than ${formatSize(MAX_ROW_CHARS)}: a quote is probably never closed`,
        );
      }
      row += 1;
      const event: FeedEvent = {
        kind: 'rejected',
        row,
        id: null,
        reason: csvReason(error, lastLine, skippedLines),
      };
      const errorLine = (error as CsvError & { lines?: number }).lines;
      lastLine = errorLine === undefined ? lastLine : errorLine + skippedLines;
      // Pushed in order with the records, which csv-parse pushes from the same loop.
      parser.push(event);
      return undefined;
    },
  };
  // The typings allow on_record to return a new type only together with `columns`, which is not used here.
  const parser = parseCsv(options as unknown as CsvOptions);
  const out = pipeline(Readable.from(source, { objectMode: false }), parser, () => undefined);
  try {
    for await (const event of out) yield event as FeedEvent;
  } finally {
    out.destroy();
  }
}

// ——— RSS and Atom ———

const GOOGLE_NAMESPACES = new Set(['http://base.google.com/ns/1.0', 'http://base.google.com/cns/1.0']);
const ITEM_ELEMENTS = new Set(['item', 'entry']);

/** What {@link recoverFromStrayCloseTags} touches of saxes' parser state (not in its typings). */
interface SaxesInternals {
  name: string;
  tags: { name: string }[];
  fail(message: string): void;
  closeTag(): void;
}

/**
 * saxes closes every open element, up to the root, on a close tag that matches none of them
 * (`<g:price>5</g:prize>`): a typo in one item would end the whole feed. Here such a tag closes only the
 * innermost element, after the error is reported, so the error handler can skip just that item.
 */
function recoverFromStrayCloseTags(parser: SaxesParser): void {
  const internals = parser as unknown as SaxesInternals;
  const closeTag = internals.closeTag.bind(parser);
  internals.closeTag = () => {
    const { name, tags } = internals;
    const top = tags[tags.length - 1];
    if (name !== '' && top !== undefined && !tags.some((tag) => tag.name === name)) {
      internals.fail(`unmatched closing tag: ${name}.`);
      internals.name = top.name;
    }
    closeTag();
  };
}

/** An element open inside an item; reused from a pool, one per depth. */
interface Frame {
  name: string;
  text: string;
  hasChildren: boolean;
  /** Atom's <link href="…"/>, whose value is an attribute. */
  href: string | undefined;
  /** An element whose value is not kept (a self or enclosure link). */
  skip: boolean;
  /** Atom's text constructs: `html` is escaped markup, `xhtml` a tree of elements; both give plain text. */
  markup: 'html' | 'xhtml' | undefined;
}

/** Names of fields that carry an item's id, to name a malformed item in the report. */
const ID_FIELDS = new Set(['g:id', 'id', 'g:item_id', 'item_id']);

/**
 * Items are `<item>` (RSS 2.0, RSS 1.0) or `<entry>` (Atom) elements wherever they are; each child
 * element is a field named as written, with Google's namespace always written `g:` whatever prefix
 * the feed declared. Nested elements (`<g:shipping><g:country>`) give `g:shipping.country`; repeated
 * ones give repeated fields. Text outside items is not kept.
 */
async function* xmlEvents(
  source: AsyncIterable<Buffer>,
  encoding: string,
  onRoot: (format: FeedFormat) => void,
): AsyncGenerator<FeedEvent> {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding);
  } catch {
    throw new FeedParseError(`The feed's encoding ${encoding} is not supported; save it as UTF-8`);
  }
  const parser = new SaxesParser();
  // XML knows five named references; feeds written by hand or HTML tools use HTML's (`&eacute;`).
  const xmlEntities = parser.ENTITIES;
  parser.ENTITIES = new Proxy(xmlEntities, {
    get: (target, name) =>
      typeof name === 'string' ? (target[name] ?? htmlEntity(name)) : Reflect.get(target, name),
  });
  // A raw control character (a vertical tab pasted into a description) makes the feed ill-formed, but
  // saxes keeps it in the text and reads on: the item mapper then removes it and reports a warning.
  // Any other error inside an item skips that item (saxes reads on, closing what the item left open);
  // outside items it stops the parse, as it does without a handler.
  let itemError: string | undefined;
  /** Set when the input has ended: a feed cut off inside an item is a broken feed, not a broken item. */
  let ending = false;
  recoverFromStrayCloseTags(parser);
  parser.on('error', (error) => {
    if (/^\d+:\d+: disallowed character\.$/.test(error.message)) return;
    if (itemDepth === 0 || ending) throw error;
    itemError ??= `${error.message.replace(/^\d+:\d+:\s*/, '')} (line ${parser.line})`;
  });
  const googlePrefixes = new Set(['g']);
  const ready: FeedEvent[] = [];
  const frames: Frame[] = [];
  let open = 0;
  let depth = 0;
  let itemDepth = 0;
  let row = 0;
  let names: string[] = [];
  let values: string[] = [];
  let itemChars = 0;
  /** The depth of an open Atom `type="xhtml"` element whose descendants are its text; 0 when none. */
  let xhtmlDepth = 0;

  const fieldName = (qname: string, colon: number): string =>
    colon < 0 ? qname : googlePrefixes.has(qname.slice(0, colon)) ? `g:${qname.slice(colon + 1)}` : qname;

  parser.on('opentag', (node: SaxesTagPlain) => {
    depth += 1;
    const qname = node.name;
    const colon = qname.indexOf(':');
    const local = colon < 0 ? qname : qname.slice(colon + 1);
    if (itemDepth === 0) {
      for (const name in node.attributes) {
        if (name.startsWith('xmlns:') && GOOGLE_NAMESPACES.has(node.attributes[name]!))
          googlePrefixes.add(name.slice(6));
      }
      if (depth === 1) {
        if (local.toLowerCase() === 'html') {
          throw new FeedParseError(
            'The address returned an HTML page, not a catalogue feed: check the feed URL',
          );
        }
        onRoot(local === 'feed' ? 'atom' : 'rss');
      }
      if (ITEM_ELEMENTS.has(local)) {
        itemDepth = depth;
        row += 1;
        names = [];
        values = [];
        itemChars = 0;
        itemError = undefined;
      }
      return;
    }
    if (xhtmlDepth > 0) {
      if (isBlockElement(local)) onText('\n');
      return;
    }
    const parent = open > 0 ? frames[open - 1] : undefined;
    let frame = frames[open];
    if (frame === undefined) {
      frame = { name: '', text: '', hasChildren: false, href: undefined, skip: false, markup: undefined };
      frames.push(frame);
    }
    open += 1;
    frame.text = '';
    frame.hasChildren = false;
    frame.href = undefined;
    frame.skip = false;
    const type = String(node.attributes.type ?? '');
    frame.markup = type === 'html' || type === 'xhtml' ? type : undefined;
    if (type === 'xhtml') xhtmlDepth = depth;
    if (parent) {
      parent.hasChildren = true;
      frame.name = `${parent.name}.${local}`;
    } else {
      frame.name = fieldName(qname, colon);
    }
    if (local === 'link' && node.attributes.href !== undefined) {
      const rel = node.attributes.rel;
      // An entry's page is its alternate link; self, edit and enclosure links are not.
      if (rel === undefined || rel === 'alternate') frame.href = node.attributes.href;
      else frame.skip = true;
    }
  });

  function onText(text: string): void {
    if (open === 0) return;
    itemChars += text.length;
    if (itemChars <= MAX_ROW_CHARS) frames[open - 1]!.text += text;
  }
  parser.on('text', onText);
  parser.on('cdata', onText);

  parser.on('closetag', (node: SaxesTagPlain) => {
    depth -= 1;
    if (itemDepth === 0) return;
    if (depth + 1 === itemDepth) {
      itemDepth = 0;
      xhtmlDepth = 0;
      open = 0;
      if (itemError !== undefined) {
        const at = names.findIndex((name) => ID_FIELDS.has(name));
        const id = at < 0 ? null : values[at]!.trim() || null;
        ready.push({ kind: 'rejected', row, id, reason: `Malformed item: ${itemError}` });
      } else if (itemChars > MAX_ROW_CHARS) {
        const reason = `Item is longer than ${formatSize(MAX_ROW_CHARS)} of text`;
        ready.push({ kind: 'rejected', row, id: null, reason });
      } else {
        ready.push({ kind: 'record', row, names, values });
      }
      return;
    }
    if (xhtmlDepth > 0 && depth + 1 > xhtmlDepth) {
      if (isBlockElement(node.name.slice(node.name.indexOf(':') + 1))) onText('\n');
      return;
    }
    if (open === 0) return;
    open -= 1;
    const frame = frames[open]!;
    if (frame.markup === 'xhtml') xhtmlDepth = 0;
    if (frame.hasChildren || frame.skip) return;
    names.push(frame.name);
    const text =
      frame.markup === 'html'
        ? htmlToText(frame.text)
        : frame.markup === 'xhtml'
          ? collapseText(frame.text)
          : frame.text;
    values.push(text === '' ? (frame.href ?? '') : text);
    frame.text = '';
  });

  /** Runs the parser; a failure comes back (not thrown) so the items it completed first are yielded first. */
  const run = (work: () => void): FeedParseError | undefined => {
    try {
      work();
      return undefined;
    } catch (error) {
      if (error instanceof FeedParseError) return error;
      const message = (error as Error).message.replace(/^\d+:\d+:\s*/, '');
      return new FeedParseError(`The feed is not well-formed XML: ${message} (line ${parser.line})`);
    }
  };

  for await (const chunk of source) {
    const text = decoder.decode(chunk, { stream: true });
    const failure = run(() => parser.write(text));
    if (ready.length > 0) yield* ready.splice(0);
    if (failure) throw failure;
  }
  const failure = run(() => {
    parser.write(decoder.decode());
    ending = true;
    parser.close();
  });
  if (ready.length > 0) yield* ready.splice(0);
  if (failure) throw failure;
}
