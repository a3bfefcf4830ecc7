/**
 * Catalogues given as JSON: a document whose products are the elements of an array (the document itself,
 * or an array property of the top-level object, as Meta's Graph API and Google's Content API answer), or
 * JSON Lines (one product object a line). Each product is flattened into feed columns (`names[i]` holds
 * `values[i]`) in Google's and Meta's feed vocabulary, so canonical.ts maps it as it maps a CSV row.
 *
 * The bytes are tokenised by @streamparser/json's Tokenizer. Chosen over stream-json because it is
 * synchronous, has no dependencies, handles UTF-8 cut across chunks, escapes and surrogates, and gives
 * every token its byte offset and every lexical error its position: that is what lets a marketer read
 * "unexpected “}” at line 3, column 5". The structure (which array holds the products, where a product
 * starts and ends, how big it grew) is followed here, so that only one product is ever built in memory
 * and everything else in the document is checked and let go.
 */
import { Tokenizer, TokenizerError, TokenType, type ParsedTokenInfo } from '@streamparser/json';
import { type FeedEvent, FeedParseError, formatSize, MAX_ROW_CHARS } from './parse.js';

export type JsonShape = 'json' | 'jsonl';

// parse.ts imports this module and this module imports parse.ts: its constants (MAX_ROW_CHARS) and
// classes are read inside functions only, never while the modules are being loaded.

/** Top-level keys whose array holds the products, in the order they are preferred. */
const PRODUCT_LIST_KEYS = ['data', 'resources', 'products', 'items', 'entries'];
const NO_PRODUCT_LIST =
  'The JSON holds no list of products: expected an array of objects, or an object with a “products”, “items”, “data”, “resources” or “entries” array';
/** How far back (bytes) a message can still give a column. */
const POSITION_MEMORY_BYTES = 64 * 1024;

/**
 * From the first bytes (after a BOM and white space): '[' → 'json'; '{' whose first line is a complete JSON
 * object followed by another line starting with '{' (or the end) → 'jsonl'; any other '{' → 'json' (a
 * wrapped document). A lone line that is a wrapper (`{"data":[…]}` written on one line) is 'json'.
 */
export function detectJsonShape(head: string): JsonShape {
  const text = head.replace(/^\ufeff/, '').replace(/^[ \t\r\n]+/, '');
  if (!text.startsWith('{')) return 'json';
  const newline = text.indexOf('\n');
  const first = parseObject(newline < 0 ? text : text.slice(0, newline));
  if (first === undefined) return 'json';
  const rest = newline < 0 ? '' : text.slice(newline + 1).replace(/^[ \t\r\n]+/, '');
  if (rest.startsWith('{')) return 'jsonl';
  if (rest !== '') return 'json';
  const wrapper = Object.entries(first).some(
    ([key, value]) => PRODUCT_LIST_KEYS.includes(key.toLowerCase()) && Array.isArray(value),
  );
  return wrapper ? 'json' : 'jsonl';
}

function parseObject(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Streams the products of a JSON document or JSON Lines file as FeedEvents, holding one product at a time. */
export async function* jsonEvents(
  source: AsyncIterable<Buffer>,
  shape: JsonShape,
): AsyncGenerator<FeedEvent, void, undefined> {
  const reader = shape === 'jsonl' ? new JsonLinesReader() : new JsonDocumentReader();
  /** A failure comes back (not thrown) so the products completed before it are yielded first. */
  const run = (work: () => void): unknown => {
    try {
      work();
      return undefined;
    } catch (error) {
      return error ?? new Error('JSON reading failed');
    }
  };
  for await (const chunk of withoutBom(source)) {
    const failure = run(() => reader.write(chunk));
    if (reader.ready.length > 0) yield* reader.ready.splice(0);
    if (failure !== undefined) throw failure;
  }
  const failure = run(() => reader.end());
  if (reader.ready.length > 0) yield* reader.ready.splice(0);
  if (failure !== undefined) throw failure;
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Drops a UTF-8 byte order mark, even one cut across the first chunks. */
async function* withoutBom(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let head = Buffer.alloc(0);
  let checked = false;
  for await (const chunk of source) {
    if (checked) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < BOM.length && BOM.subarray(0, head.length).equals(head)) continue;
    checked = true;
    yield head.subarray(head.subarray(0, BOM.length).equals(BOM) ? BOM.length : 0);
  }
  if (!checked && head.length > 0 && !head.equals(BOM.subarray(0, head.length))) yield head;
}

// ——— Readers ———

/** A JSON document: one tokenizer over the whole stream. */
class JsonDocumentReader {
  readonly ready: FeedEvent[] = [];
  private readonly walker = new JsonWalker('document', this.ready);
  private readonly tokenizer = new JsonTokenizer((token) => this.walker.token(token));
  private readonly positions = new Positions();
  private written = 0;
  /** A lexical error, held until the bytes after it have come, so that its message can quote them. */
  private failure: { error: TokenizerError; offset: number } | undefined;

  write(chunk: Buffer): void {
    this.positions.add(chunk);
    this.written += chunk.length;
    if (this.failure === undefined) {
      try {
        this.tokenizer.write(chunk);
      } catch (error) {
        const offset = error instanceof TokenizerError ? tokenizerErrorOffset(error) : undefined;
        if (offset === undefined) throw this.readable(error);
        this.failure = { error: error as TokenizerError, offset };
      }
    }
    if (this.failure !== undefined) {
      if (this.written - this.failure.offset >= QUOTED_BYTES) throw this.readable(this.failure.error);
      return;
    }
    // The tokenizer gathers a text whole before it hands it over: one that never ends (a quote left open)
    // would grow without bound. Far above any product, so a real text only makes its product rejected.
    const maxValueBytes = 8 * MAX_ROW_CHARS;
    if (this.written - this.walker.lastOffset > maxValueBytes) {
      throw new FeedParseError(
        `The JSON holds a value longer than ${formatSize(maxValueBytes)}, after the one ${this.positions.where(this.walker.lastOffset)}: a quote is probably never closed`,
      );
    }
  }

  end(): void {
    if (this.failure !== undefined) throw this.readable(this.failure.error);
    try {
      this.tokenizer.end();
      this.walker.end();
    } catch (error) {
      throw this.readable(error);
    }
  }

  private readable(error: unknown): unknown {
    if (error instanceof FeedParseError) return error;
    const syntax = toSyntaxError(error, this.positions, this.walker.lastOffset);
    if (syntax === undefined) return error;
    const where = (offset: number) => this.positions.where(offset);
    const cutOff = syntax.truncated ? '; the file may have been cut off' : '';
    return new FeedParseError(`The JSON is not valid: ${syntax.explain(where)}${cutOff}`);
  }
}

/**
 * JSON Lines: each line is tokenised on its own, so a broken line is a rejected row and the next line is
 * read as usual. Lines are fed to the tokenizer as their bytes arrive, never gathered, and a line longer
 * than MAX_ROW_CHARS stops being fed (it is rejected) however long it goes on.
 */
class JsonLinesReader {
  readonly ready: FeedEvent[] = [];
  private lines = 0;
  private row = 0;
  private line: LineParse | undefined;
  private lineBytes = 0;
  /** Why the current line cannot be a product, once known. */
  private failure: string | undefined;

  write(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      this.feed(chunk.subarray(start, newline < 0 ? chunk.length : newline));
      if (newline < 0) return;
      this.finishLine();
      start = newline + 1;
    }
  }

  end(): void {
    if (this.lineBytes > 0) this.finishLine();
  }

  private feed(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.lineBytes += bytes.length;
    if (this.failure !== undefined) return;
    if (this.lineBytes > MAX_ROW_CHARS) {
      this.failure = `is longer than ${formatSize(MAX_ROW_CHARS)}`;
      this.line = undefined;
      return;
    }
    this.line ??= new LineParse();
    this.line.write(bytes);
  }

  private finishLine(): void {
    this.lines += 1;
    const line = this.line;
    let failure = this.failure;
    this.line = undefined;
    this.failure = undefined;
    this.lineBytes = 0;
    if (failure === undefined) {
      if (line === undefined) return;
      try {
        line.end();
      } catch (error) {
        failure = line.explain(error);
      }
    }
    if (failure === undefined && line !== undefined) {
      const value = line.walker.lineValue;
      if (value === undefined) return; // a blank line
      this.row += 1;
      this.ready.push(
        value instanceof JsonObject
          ? record(this.row, value)
          : rejected(this.row, `Line ${this.lines} is not a JSON object (${value})`),
      );
      return;
    }
    this.row += 1;
    this.ready.push(rejected(this.row, `Line ${this.lines} ${failure}`));
  }
}

/** One line of a JSON Lines file being read. Its error is raised at the line's end, when its rest is known. */
class LineParse {
  readonly walker = new JsonWalker('line', []);
  private readonly tokenizer = new JsonTokenizer((token) => this.walker.token(token));
  private readonly positions = new Positions();
  private failure: unknown;

  write(bytes: Buffer): void {
    this.positions.add(bytes);
    if (this.failure !== undefined) return;
    try {
      this.tokenizer.write(bytes);
    } catch (error) {
      this.failure = error ?? new Error('JSON reading failed');
    }
  }

  end(): void {
    if (this.failure !== undefined) throw this.failure;
    this.tokenizer.end();
    this.walker.end();
  }

  /** The reason a line is rejected, after its number: `is not a JSON object: unexpected “}” at column 5`. */
  explain(error: unknown): string {
    const syntax = toSyntaxError(error, this.positions, this.walker.lastOffset);
    if (syntax === undefined) throw error;
    return `is not a JSON object: ${syntax.explain((offset) => this.positions.where(offset, 'column'))}`;
  }
}

/** The library's tokenizer, with numbers kept as their text and tokens handed to a function. */
class JsonTokenizer extends Tokenizer {
  private readonly handle: (token: ParsedTokenInfo) => void;

  constructor(handle: (token: ParsedTokenInfo) => void) {
    super();
    this.handle = handle;
  }

  override onToken(token: ParsedTokenInfo): void {
    this.handle(token);
  }

  // A number keeps its text, which is what a feed column holds: `15.00` stays `15.00`, and an 18-digit
  // GTIN or id loses no digit to a double. The library documents this override for that purpose.
  protected override parseNumber(text: string): number {
    return text as unknown as number;
  }
}

// ——— Values ———

/** A JSON number, as written. */
class JsonNumber {
  constructor(readonly text: string) {}
}

/** A JSON object as its entries in document order (a plain object would move `"2024"` keys first). */
class JsonObject {
  readonly entries: [string, JsonValue][] = [];

  get(key: string): JsonValue | undefined {
    return this.entries.find(([name]) => name === key)?.[1];
  }
}

type JsonValue = string | boolean | null | JsonNumber | JsonObject | JsonValue[];

/** What stands where a product should, when it is not an object: `a string`, `an array`. */
function kindOf(token: TokenType): string {
  switch (token) {
    case TokenType.STRING:
      return 'a string';
    case TokenType.NUMBER:
      return 'a number';
    case TokenType.TRUE:
    case TokenType.FALSE:
      return 'a boolean';
    case TokenType.NULL:
      return 'null';
    default:
      return 'an array';
  }
}

// ——— Structure ———

/**
 * What a container is to the reader. `products`: an array whose elements are products. `probe`: an array
 * of the top-level object whose first element tells whether it holds products. `capture`: part of the
 * product being built. `root`: the top-level object of a document. `skip`: checked, not kept.
 */
type Role = 'products' | 'probe' | 'capture' | 'root' | 'skip';

interface Frame {
  kind: 'object' | 'array';
  role: Role;
  /** The current key (an object) or how many elements have begun (an array). */
  key: string;
  count: number;
  /** Byte offset of its opening bracket, for "ends before the “]” opened at …". */
  opened: number;
  /** The container being built (role `capture` only). */
  value: JsonObject | JsonValue[] | undefined;
  /** Set on a product's own object: its product number. */
  productRow: number;
}

/** What the walker expects next. */
type Expect = 'value' | 'value-or-end' | 'key-or-end' | 'key' | 'colon' | 'comma-or-end' | 'done';

const EXPECTED: Readonly<Record<Expect, string>> = {
  value: 'expected a value',
  'value-or-end': 'expected a value or “]”',
  'key-or-end': 'expected a name in double quotes or “}”',
  key: 'expected a name in double quotes',
  colon: 'expected “:”',
  'comma-or-end': 'expected “,” or the closing bracket',
  done: 'after the end of the document',
};

/** The list of products being read from a document; rows are its element numbers. */
interface ProductList {
  /**
   * True while it is a first array of objects under another key than the preferred ones: a preferred
   * list later in the object replaces it, so its events wait (up to a budget, past which it is kept).
   */
  pending: boolean;
  events: FeedEvent[];
  size: number;
}

/**
 * Checks the grammar of a token stream and builds the products in it. In a document, the products are
 * the elements of the top-level array, or of the top-level object's product list (see ProductList); in
 * a line, the product is the line's value.
 */
class JsonWalker {
  /** Start of the last token, for the runaway-value check and messages. */
  lastOffset = 0;
  /** A line's value once complete: its object, or the kind of what it holds instead. */
  lineValue: JsonObject | string | undefined;
  private readonly stack: Frame[] = [];
  private expect: Expect = 'value';
  private lastToken: TokenType | undefined;
  private list: ProductList | undefined;
  /** A product list was chosen for good: later arrays are not looked at. */
  private settled = false;
  private productStart = -1;

  constructor(
    private readonly mode: 'document' | 'line',
    private readonly ready: FeedEvent[],
  ) {}

  token({ token, value, offset }: ParsedTokenInfo): void {
    this.lastOffset = offset;
    const previous = this.lastToken;
    this.lastToken = token;
    if (this.productStart >= 0 && offset - this.productStart > MAX_ROW_CHARS) this.dropProduct();
    const top = this.stack.at(-1);
    switch (this.expect) {
      case 'value':
      case 'value-or-end':
        if (this.expect === 'value-or-end' && token === TokenType.RIGHT_BRACKET) return this.close();
        if (isValueStart(token)) return this.begin(token, value, offset);
        break;
      case 'key':
      case 'key-or-end':
        if (this.expect === 'key-or-end' && token === TokenType.RIGHT_BRACE) return this.close();
        if (token === TokenType.STRING) {
          top!.key = value as string;
          this.expect = 'colon';
          return;
        }
        break;
      case 'colon':
        if (token === TokenType.COLON) {
          this.expect = 'value';
          return;
        }
        break;
      case 'comma-or-end':
        if (token === TokenType.COMMA) {
          this.expect = top!.kind === 'object' ? 'key' : 'value';
          return;
        }
        if (token === (top!.kind === 'object' ? TokenType.RIGHT_BRACE : TokenType.RIGHT_BRACKET)) {
          return this.close();
        }
        break;
      case 'done':
        break;
    }
    throw this.unexpected(token, value, offset, previous, top);
  }

  end(): void {
    const open = this.stack.at(-1);
    if (open !== undefined) {
      const closer = open.kind === 'object' ? '“}”' : '“]”';
      const what = open.kind === 'object' ? 'object' : 'list';
      throw new JsonSyntaxError(
        (where) => `it ends before the ${closer} that closes the ${what} opened ${where(open.opened)}`,
        true,
      );
    }
    if (this.mode === 'line') return;
    if (this.expect !== 'done') throw new FeedParseError('The feed is empty: it holds no JSON');
    if (this.list === undefined) throw new FeedParseError(NO_PRODUCT_LIST);
  }

  private unexpected(
    token: TokenType,
    value: unknown,
    offset: number,
    previous: TokenType | undefined,
    top: Frame | undefined,
  ): JsonSyntaxError {
    let expected = EXPECTED[this.expect];
    if (this.expect === 'comma-or-end')
      expected = `expected “,” or ${top?.kind === 'object' ? '“}”' : '“]”'}`;
    if (
      previous === TokenType.COMMA &&
      (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET)
    ) {
      expected = 'a comma is followed by nothing';
    }
    if (this.expect === 'done') {
      const linesHint =
        this.mode === 'document' && token === TokenType.LEFT_BRACE
          ? ': a file with one product object on each line is JSON Lines'
          : '';
      expected = `after the end of the ${this.mode === 'document' ? 'document' : 'line’s value'}${linesHint}`;
    }
    const found = describeToken(token, value);
    return new JsonSyntaxError((where) => `unexpected ${found} ${where(offset)} (${expected})`, false);
  }

  /** A value starts: a scalar, `{` or `[`. */
  private begin(token: TokenType, value: unknown, offset: number): void {
    const parent = this.stack.at(-1);
    if (parent?.kind === 'array') parent.count += 1;
    const role = this.roleOf(parent, token);
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
      const kind = token === TokenType.LEFT_BRACE ? 'object' : 'array';
      const frame: Frame = { kind, role, key: '', count: 0, opened: offset, value: undefined, productRow: 0 };
      if (role === 'capture') {
        frame.value = kind === 'object' ? new JsonObject() : [];
        if (parent?.role === 'capture') attach(parent, frame.value);
        else {
          frame.productRow = parent?.count ?? 1;
          // A line is bounded by the lines reader; a document's product by this walker.
          if (this.mode === 'document') this.productStart = offset;
        }
      }
      this.stack.push(frame);
      this.expect = kind === 'object' ? 'key-or-end' : 'value-or-end';
      return;
    }
    if (role === 'capture' && parent?.role === 'capture') {
      attach(parent, token === TokenType.NUMBER ? new JsonNumber(value as string) : (value as JsonValue));
    }
    this.expect = parent === undefined ? 'done' : 'comma-or-end';
  }

  /**
   * The role of a value starting under `parent`. A value standing where a product should that is not an
   * object is reported here (its role is `skip`).
   */
  private roleOf(parent: Frame | undefined, token: TokenType): Role {
    const isObject = token === TokenType.LEFT_BRACE;
    if (parent === undefined) {
      if (this.mode === 'line') {
        if (isObject) return 'capture';
        this.lineValue = kindOf(token);
        return 'skip';
      }
      if (token === TokenType.LEFT_BRACKET) {
        this.startList(false);
        return 'products';
      }
      if (isObject) return 'root';
      throw new FeedParseError(NO_PRODUCT_LIST);
    }
    switch (parent.role) {
      case 'capture':
        return 'capture';
      case 'root':
        if (token !== TokenType.LEFT_BRACKET || this.settled) return 'skip';
        if (PRODUCT_LIST_KEYS.includes(parent.key.toLowerCase())) {
          this.startList(false);
          return 'products';
        }
        // The first array of objects under another key may be the products, unless a preferred key follows.
        return this.list === undefined ? 'probe' : 'skip';
      case 'probe':
        if (!isObject) {
          parent.role = 'skip';
          return 'skip';
        }
        parent.role = 'products';
        this.startList(true);
        return 'capture';
      case 'products':
        if (isObject) return 'capture';
        this.emit(rejected(parent.count, `Product ${parent.count} is not a JSON object (${kindOf(token)})`));
        return 'skip';
      case 'skip':
        return 'skip';
    }
  }

  private startList(pending: boolean): void {
    this.list = { pending, events: [], size: 0 };
    if (!pending) this.settled = true;
  }

  private close(): void {
    const frame = this.stack.pop()!;
    this.expect = this.stack.length > 0 ? 'comma-or-end' : 'done';
    if (frame.productRow > 0) {
      this.productStart = -1;
      if (this.mode === 'line') {
        this.lineValue = frame.value as JsonObject;
      } else if (frame.value === undefined) {
        this.emit(
          rejected(
            frame.productRow,
            `Product ${frame.productRow} is longer than ${formatSize(MAX_ROW_CHARS)}`,
          ),
        );
      } else {
        this.emit(record(frame.productRow, frame.value as JsonObject));
      }
      return;
    }
    // Without a list, the error waits for the end: a second object after this one is JSON Lines read as
    // a document, which deserves that message instead.
    if (frame.role === 'root') this.commit();
  }

  /** A product grew past MAX_ROW_CHARS: what was built of it is let go; it will be a rejected row. */
  private dropProduct(): void {
    this.productStart = -1;
    for (const frame of this.stack) {
      if (frame.role !== 'capture') continue;
      frame.role = 'skip';
      frame.value = undefined;
    }
  }

  private emit(event: FeedEvent): void {
    const list = this.list;
    if (list === undefined || !list.pending) {
      this.ready.push(event);
      return;
    }
    list.events.push(event);
    // Each event costs at least 64 characters, so that empty products cannot be held without bound.
    list.size += 64;
    list.size +=
      event.kind === 'record'
        ? event.names.reduce((sum, name, i) => sum + name.length + (event.values[i]?.length ?? 0), 0)
        : event.reason.length;
    // Held back in case a preferred list follows; an array this large is the catalogue, whatever its key.
    if (list.size > MAX_ROW_CHARS) this.commit();
  }

  private commit(): void {
    const list = this.list;
    if (list === undefined || !list.pending) return;
    list.pending = false;
    this.settled = true;
    for (const event of list.events) this.ready.push(event);
    list.events = [];
  }
}

function isValueStart(token: TokenType): boolean {
  return (
    token === TokenType.LEFT_BRACE ||
    token === TokenType.LEFT_BRACKET ||
    token === TokenType.STRING ||
    token === TokenType.NUMBER ||
    token === TokenType.TRUE ||
    token === TokenType.FALSE ||
    token === TokenType.NULL
  );
}

function attach(parent: Frame, value: JsonValue): void {
  if (parent.value instanceof JsonObject) parent.value.entries.push([parent.key, value]);
  else parent.value?.push(value);
}

function describeToken(token: TokenType, value: unknown): string {
  switch (token) {
    case TokenType.STRING: {
      const text = String(value);
      return `the text “${text.length > 30 ? `${text.slice(0, 29)}…` : text}”`;
    }
    case TokenType.NUMBER:
      return `the number ${String(value)}`;
    default:
      return `“${String(value)}”`;
  }
}

// ——— Errors and positions ———

/** A grammar error; `explain` writes it with a position writer (`at line 3, column 5` or `at column 5`). */
class JsonSyntaxError extends Error {
  constructor(
    readonly explain: (where: (offset: number) => string) => string,
    /** The input ended too early. */
    readonly truncated: boolean,
  ) {
    super('JSON syntax error');
  }
}

const TOKENIZER_POSITION = /absolute position "(\d+)"\) in state (\w+)/;
/** How many bytes after a lexical error its message may quote (a word such as `title`). */
const QUOTED_BYTES = 40;

function tokenizerErrorOffset(error: TokenizerError): number | undefined {
  const match = TOKENIZER_POSITION.exec(error.message);
  return match === null ? undefined : Number(match[1]);
}

/** The library's and the walker's errors as one JsonSyntaxError; undefined for any other error. */
function toSyntaxError(error: unknown, positions: Positions, near: number): JsonSyntaxError | undefined {
  if (error instanceof JsonSyntaxError) return error;
  if (error instanceof TokenizerError) {
    const match = TOKENIZER_POSITION.exec(error.message);
    if (match === null) {
      // The only other lexical error: the input stopped inside a text, number or literal.
      return new JsonSyntaxError(() => 'it ends in the middle of a value', true);
    }
    const offset = Number(match[1]);
    const state = match[2]!;
    const char = firstChar(positions.textAt(offset, 4));
    // `{title: …}`: the tokenizer took the `t` for the start of `true` and fails a few letters on.
    const literal = /^(?:TRUE|FALSE|NULL)(\d)$/.exec(state);
    const start = literal ? offset - Number(literal[1]) : offset;
    const word = /^[A-Za-z_$][\w$]*/.exec(positions.textAt(start, QUOTED_BYTES))?.[0];
    if (word !== undefined && (literal !== null || state === 'START')) {
      return new JsonSyntaxError(
        (where) => `unexpected word “${word}” ${where(start)} (texts and names are written in double quotes)`,
        false,
      );
    }
    let hint = '';
    if (state === 'STRING_DEFAULT') hint = ' (inside a text, write a line break as \\n and a tab as \\t)';
    else if (state === 'STRING_AFTER_BACKSLASH')
      hint = ' (in a text, a backslash starts \\n, \\", \\\\ or \\u)';
    else if (state.startsWith('STRING_UNICODE')) hint = ' (\\u is followed by four hexadecimal digits)';
    else if (char === "'") hint = ' (texts and names are written in double quotes)';
    return new JsonSyntaxError((where) => `unexpected ${describeChar(char)} ${where(offset)}${hint}`, false);
  }
  // The tokenizer decodes texts with a fatal TextDecoder.
  if (error instanceof TypeError && /encoded data|utf-?8/i.test(error.message)) {
    const bad = positions.invalidUtf8(near);
    if (bad === undefined) {
      return new JsonSyntaxError(
        (where) =>
          `a text soon after ${where(near).replace(/^at /, '')} is not UTF-8; save the file as UTF-8`,
        false,
      );
    }
    const byte = positions.bytesAt(bad, 1)[0]!.toString(16).toUpperCase();
    return new JsonSyntaxError(
      (where) => `the text ${where(bad)} is not UTF-8 (byte ${byte}); save the file as UTF-8`,
      false,
    );
  }
  return undefined;
}

function describeChar(char: string): string {
  if (char === '') return 'the end';
  if (char === '\n' || char === '\r') return 'a line break';
  if (char === '\t') return 'a tab';
  const code = char.codePointAt(0)!;
  if (code < 0x20 || code === 0x7f)
    return `a control character (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
  return `“${char}”`;
}

/**
 * Lines and columns (in characters) of byte offsets, for messages. Keeps the last
 * POSITION_MEMORY_BYTES of input and the line and column where they start.
 */
class Positions {
  private chunks: Buffer[] = [];
  /** Index of the first chunk kept (the ones before it are forgotten, removed now and then). */
  private first = 0;
  private retained = 0;
  /** Offset of the first chunk kept, and the line and column of that byte. */
  private start = 0;
  private line = 1;
  private column = 1;

  add(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.retained += chunk.length;
    while (this.first < this.chunks.length - 1) {
      const old = this.chunks[this.first]!;
      if (this.retained - old.length < POSITION_MEMORY_BYTES) break;
      const moved = advance({ line: this.line, column: this.column }, old, old.length);
      this.line = moved.line;
      this.column = moved.column;
      this.start += old.length;
      this.retained -= old.length;
      this.first += 1;
    }
    if (this.first > 1024) {
      this.chunks = this.chunks.slice(this.first);
      this.first = 0;
    }
  }

  /** `at line 3, column 5` (or `at column 5` for a line of JSON Lines); the line alone when too far back. */
  where(offset: number, style: 'line' | 'column' = 'line'): string {
    if (offset < this.start) {
      // A token began before the bytes kept; no line break can stand inside a token.
      return style === 'line' ? `at line ${this.line}` : 'far into the line';
    }
    let position = { line: this.line, column: this.column };
    let at = this.start;
    for (const chunk of this.chunks.slice(this.first)) {
      if (at >= offset) break;
      position = advance(position, chunk, Math.min(chunk.length, offset - at));
      at += chunk.length;
    }
    return style === 'line'
      ? `at line ${position.line}, column ${position.column}`
      : `at column ${position.column}`;
  }

  /** Up to `maxBytes` of the bytes kept from `offset` on. */
  bytesAt(offset: number, maxBytes: number): Buffer {
    const bytes: number[] = [];
    let at = this.start;
    for (const chunk of this.chunks.slice(this.first)) {
      for (let i = Math.max(0, offset - at); i < chunk.length && bytes.length < maxBytes; i += 1) {
        bytes.push(chunk[i]!);
      }
      at += chunk.length;
    }
    return Buffer.from(bytes);
  }

  /** The text of up to `maxBytes` bytes from `offset` (a character cut at the end is dropped). */
  textAt(offset: number, maxBytes: number): string {
    return this.bytesAt(offset, maxBytes)
      .toString('utf8')
      .replace(/\ufffd$/, '');
  }

  /** The offset of the first byte from `from` on that breaks UTF-8, among the bytes kept. */
  invalidUtf8(from: number): number | undefined {
    const start = Math.max(from, this.start);
    const bytes = this.bytesAt(start, this.retained);
    for (let i = 0; i < bytes.length;) {
      const lead = bytes[i]!;
      const length =
        lead < 0x80
          ? 1
          : lead >= 0xc2 && lead <= 0xdf
            ? 2
            : lead >= 0xe0 && lead <= 0xef
              ? 3
              : lead >= 0xf0 && lead <= 0xf4
                ? 4
                : 0;
      if (length === 0) return start + i;
      if (i + length > bytes.length) return undefined;
      for (let k = 1; k < length; k += 1) if ((bytes[i + k]! & 0xc0) !== 0x80) return start + i;
      i += length;
    }
    return undefined;
  }
}

function firstChar(text: string): string {
  const code = text.codePointAt(0);
  return code === undefined ? '' : String.fromCodePoint(code);
}

/** The line and column after reading `bytes[0..end)` from `from`. */
function advance(from: { line: number; column: number }, bytes: Buffer, end: number) {
  let { line, column } = from;
  let lineStart = 0;
  for (let nl = bytes.indexOf(0x0a); nl >= 0 && nl < end; nl = bytes.indexOf(0x0a, nl + 1)) {
    line += 1;
    column = 1;
    lineStart = nl + 1;
  }
  // One column per character: every byte but UTF-8 continuation bytes (10xxxxxx).
  for (let i = lineStart; i < end; i += 1) if ((bytes[i]! & 0xc0) !== 0x80) column += 1;
  return { line, column };
}

// ——— Products to feed columns ———

function rejected(row: number, reason: string): FeedEvent {
  return { kind: 'rejected', row, id: null, reason };
}

function record(row: number, product: JsonObject): FeedEvent {
  const { names, values } = flattenProduct(product);
  return { kind: 'record', row, names, values };
}

/** A product's columns in order; empty values are not columns. */
class Columns {
  readonly names: string[] = [];
  readonly values: string[] = [];

  add(name: string, value: string): void {
    if (value === '') return;
    this.names.push(name);
    this.values.push(value);
  }
}

/** How nested keys are written and whether Google's `{value, currency}` prices become one text. */
interface Style {
  key: (key: string) => string;
  prices: boolean;
}

const AS_WRITTEN: Style = { key: (key) => key, prices: false };
const GOOGLE: Style = { key: snakeCase, prices: true };

/**
 * A product object as feed columns. Its vocabulary is told from its keys: Google's Content API resource
 * (`offerId`), Meta's Graph API product item (`retailer_id`), otherwise feed names (Google's and Meta's
 * feed-file columns, with or without `g:`), which pass through as written.
 */
function flattenProduct(product: JsonObject): { names: string[]; values: string[] } {
  const columns = new Columns();
  if (product.get('offerId') !== undefined) addGoogleProduct(columns, product);
  else if (product.get('retailer_id') !== undefined) addMetaProduct(columns, product);
  else for (const [key, value] of product.entries) addValue(columns, key, value, false, AS_WRITTEN);
  return columns;
}

/**
 * Adds a value under `name`: scalars as their text (null skipped); a nested object as `name.child`; an
 * array of scalars as `name` repeated; an array of objects as `name[i].child` (Meta's nested column
 * notation, 0-based), and inside such an element every array element keeps its index (`image[0].tag[1]`).
 */
function addValue(columns: Columns, name: string, value: JsonValue, indexed: boolean, style: Style): void {
  if (value === null) return;
  if (typeof value === 'string') return columns.add(name, value);
  if (typeof value === 'boolean') return columns.add(name, String(value));
  if (value instanceof JsonNumber) return columns.add(name, value.text);
  if (Array.isArray(value)) {
    value.forEach((element, i) => {
      const nested = element instanceof JsonObject || Array.isArray(element);
      addValue(columns, nested || indexed ? `${name}[${i}]` : name, element, indexed || nested, style);
    });
    return;
  }
  const price = style.prices ? googlePrice(value) : undefined;
  if (price !== undefined) return columns.add(name, price);
  for (const [key, child] of value.entries)
    addValue(columns, `${name}.${style.key(key)}`, child, indexed, style);
}

function scalarText(value: JsonValue | undefined): string | undefined {
  if (typeof value === 'string') return value;
  if (value instanceof JsonNumber) return value.text;
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

// Google Content API for Shopping v2.1, Product resource
// (https://developers.google.com/shopping-content/reference/rest/v2.1/products): camelCase names of the
// feed specification's snake_case attributes; lists are plural where the feed repeats a singular column.
const GOOGLE_NAMES: Readonly<Record<string, string>> = {
  offerId: 'id',
  // The resource's `id` is its REST ID (`online:en:US:1111111111`), not the feed's id (offerId).
  id: 'rest_id',
  additionalImageLinks: 'additional_image_link',
  lifestyleImageLinks: 'lifestyle_image_link',
  productTypes: 'product_type',
  sizes: 'size',
  productHighlights: 'product_highlight',
  productDetails: 'product_detail',
  includedDestinations: 'included_destination',
  excludedDestinations: 'excluded_destination',
  shoppingAdsExcludedCountries: 'shopping_ads_excluded_country',
  promotionIds: 'promotion_id',
  // The Merchant API's successor resource lists GTINs as `gtins`.
  gtins: 'gtin',
};

function addGoogleProduct(columns: Columns, product: JsonObject): void {
  for (const [key, value] of product.entries) {
    if (key === 'customAttributes' && Array.isArray(value)) {
      addCustomAttributes(columns, value);
      continue;
    }
    addValue(columns, GOOGLE_NAMES[key] ?? snakeCase(key), value, false, GOOGLE);
  }
}

/**
 * Google's `customAttributes` carry feed attributes in generic form (`{"name": "size type", "value":
 * "regular"}`, groups as `groupValues`): each becomes a column of its name.
 */
function addCustomAttributes(columns: Columns, attributes: JsonValue[]): void {
  attributes.forEach((attribute, i) => {
    const name = attribute instanceof JsonObject ? scalarText(attribute.get('name')) : undefined;
    if (attribute instanceof JsonObject && name !== undefined && name.trim() !== '') {
      const value = scalarText(attribute.get('value'));
      if (value !== undefined) columns.add(name, value);
      const group = attribute.get('groupValues');
      if (Array.isArray(group)) {
        for (const member of group) {
          const memberName = member instanceof JsonObject ? scalarText(member.get('name')) : undefined;
          const memberValue = member instanceof JsonObject ? scalarText(member.get('value')) : undefined;
          if (memberName !== undefined && memberValue !== undefined)
            columns.add(`${name}.${memberName}`, memberValue);
        }
      }
      return;
    }
    addValue(columns, `custom_attributes[${i}]`, attribute, true, GOOGLE);
  });
}

/** Google's Price `{ "value": "15.00", "currency": "USD" }` as the feed writes it, `15.00 USD`. */
function googlePrice(object: JsonObject): string | undefined {
  if (object.entries.length !== 2) return undefined;
  const value = scalarText(object.get('value'));
  const currency = scalarText(object.get('currency'));
  if (value === undefined || currency === undefined) return undefined;
  return currency === '' ? value : `${value} ${currency}`;
}

/** `additionalImageLinks` → `additional_image_links`, `customLabel0` → `custom_label_0`. */
function snakeCase(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([a-zA-Z])(\d)/g, '$1_$2')
    .toLowerCase();
}

// Meta Graph API, Product Item (https://developers.facebook.com/docs/marketing-api/reference/product-item/):
// the item's fields under the feed's column names. `category` is "Google product category for the item"
// (the same page, parameters of POST /{product_catalog_id}/products).
const META_NAMES: Readonly<Record<string, string>> = {
  retailer_id: 'id',
  // The Graph API's own id of the item (`/{product-item-id}`), not the feed's id (retailer_id).
  id: 'product_item_id',
  name: 'title',
  url: 'link',
  image_url: 'image_link',
  additional_image_urls: 'additional_image_link',
  retailer_product_group_id: 'item_group_id',
  category: 'google_product_category',
  manufacturer_part_number: 'mpn',
};

function addMetaProduct(columns: Columns, product: JsonObject): void {
  const currency = scalarText(product.get('currency'))?.trim();
  let saleDates = false;
  for (const [key, value] of product.entries) {
    if ((key === 'price' || key === 'sale_price') && value !== null) {
      const price = metaPrice(value, currency);
      if (price !== undefined) {
        columns.add(key, price);
        continue;
      }
    }
    if (key === 'sale_price_start_date' || key === 'sale_price_end_date') {
      // The feed's one column is an ISO 8601 interval, `start/end`, either side may be empty.
      if (!saleDates) {
        saleDates = true;
        const start = scalarText(product.get('sale_price_start_date')) ?? '';
        const end = scalarText(product.get('sale_price_end_date')) ?? '';
        if (start !== '' || end !== '') columns.add('sale_price_effective_date', `${start}/${end}`);
      }
      continue;
    }
    addValue(columns, META_NAMES[key] ?? key, value, false, AS_WRITTEN);
  }
}

/**
 * Meta's price with the item's `currency`. The Graph API returns prices formatted (`$15.00`): with a
 * currency the symbol gives way to the code (`15.00 USD`), since a symbol does not say which dollar. A
 * JSON integer is the create API's form, "price of the item with 2 digits added for cents (ex: use
 * "100" for 1 or "599" for 5.99)". Undefined when the value is not a price (it is flattened as it is).
 */
function metaPrice(value: JsonValue, currency: string | undefined): string | undefined {
  if (value instanceof JsonNumber) {
    if (!currency) return value.text;
    return /^\d+$/.test(value.text) ? `${centsText(value.text)} ${currency}` : `${value.text} ${currency}`;
  }
  if (typeof value !== 'string') return undefined;
  if (!currency || /[A-Za-z]/.test(value)) return value;
  const amount = value.replace(/\p{Sc}/gu, '').trim();
  return /^\d[\d.,\s\u00a0\u202f'’]*$/.test(amount) ? `${amount} ${currency}` : value;
}

/** `1599` → `15.99`, `5` → `0.05`. */
function centsText(digits: string): string {
  const padded = digits.replace(/^0+(?=\d)/, '').padStart(3, '0');
  return `${padded.slice(0, -2)}.${padded.slice(-2)}`;
}
