/**
 * Text filters of template-format.md section 3. Each takes the current value and the filter's argument
 * and returns the new value or throws an Error whose message says why; fillTemplateString reports the
 * failure and keeps the value unchanged.
 */
import { RE2JS } from 're2js';
import { evaluateMath, formatMathResult } from './math.js';
import { formatNumber, isNumberLocale, parseMetadataNumber } from './numberFormat.js';

/** A filter as written in a placeholder: `name` or `name:arg` (arg is everything after the first colon). */
export interface FilterCall {
  name: string;
  arg: string | null;
}

export const FILTER_NAMES = [
  'idiv',
  'math',
  'format',
  'uppercase',
  'titlecase',
  'capitalize',
  'maxlength',
  'remove',
] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

/** Words that titlecase leaves lowercase unless they open the text (English title-case rules). */
export const TITLECASE_SMALL_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'from',
  'in',
  'into',
  'nor',
  'of',
  'on',
  'onto',
  'or',
  'over',
  'per',
  'the',
  'to',
  'up',
  'via',
  'vs',
  'with',
]);

function requireArg(call: FilterCall): string {
  if (call.arg === null || call.arg.trim() === '')
    throw new Error(`The ${call.name} filter needs an argument`);
  return call.arg;
}

function requireNumber(value: string): number {
  const number = parseMetadataNumber(value);
  if (number === undefined) throw new Error(`'${value}' is not a number`);
  return number;
}

/** `idiv:N`: whole-number division, rounding toward zero as integer division does in most languages. */
export function integerDivide(value: string, divisor: string): string {
  const by = /^\s*-?\d+(?:\.\d+)?\s*$/.test(divisor) ? Number(divisor) : 0;
  if (by === 0) throw new Error(`idiv needs a non-zero number, got '${divisor}'`);
  return String(Math.trunc(requireNumber(value) / by));
}

/** `math:EXPR`: appends EXPR to the value and evaluates it (e.g. '19.99' + '*0.8'). */
export function applyMath(value: string, expression: string): string {
  return formatMathResult(evaluateMath(value + expression));
}

/** `format:PATTERN[:LOCALE]`: formats the value as a number; a trailing `:xx` is the locale. */
export function formatFilter(value: string, arg: string): string {
  const colon = arg.lastIndexOf(':');
  let pattern = arg;
  let locale = 'en';
  if (colon !== -1) {
    pattern = arg.slice(0, colon);
    locale = arg.slice(colon + 1).trim();
  }
  if (!isNumberLocale(locale)) throw new Error(`Unknown number locale '${locale}'; use en, es, de, fr or ru`);
  return formatNumber(requireNumber(value), pattern, locale);
}

// Locale-independent case mapping: toLocaleUpperCase would differ between a Turkish browser and the server.
function upperFirst(word: string): string {
  const codePoint = word.codePointAt(0);
  if (codePoint === undefined) return word;
  const first = String.fromCodePoint(codePoint);
  return first.toUpperCase() + word.slice(first.length);
}

/** `uppercase`: every letter in capitals. */
export function uppercase(value: string): string {
  return value.toUpperCase();
}

/** `capitalize`: the first letter in capitals and the rest in lower case, as Jinja and lodash do. */
export function capitalize(value: string): string {
  const start = value.search(/\p{L}/u);
  if (start === -1) return value.toLowerCase();
  return value.slice(0, start) + upperFirst(value.slice(start).toLowerCase());
}

/**
 * `titlecase`: each word capitalised and the rest of it lowercased (so 'NIKE AIR MAX' becomes
 * 'Nike Air Max'), except small words such as 'and', 'of', 'the', which stay lowercase unless first.
 */
export function titlecase(value: string): string {
  let seenWord = false;
  // Split keeps the whitespace runs, so the spacing of the text is preserved exactly.
  return value
    .split(/(\s+)/)
    .map((part) => {
      const start = part.search(/\p{L}|\p{N}/u);
      if (start === -1) return part;
      const lower = part.toLowerCase();
      const word = lower.slice(start).replace(/[^\p{L}\p{N}'’-]+$/u, '');
      const isSmall = seenWord && TITLECASE_SMALL_WORDS.has(word);
      seenWord = true;
      return isSmall ? lower : lower.slice(0, start) + upperFirst(lower.slice(start));
    })
    .join('');
}

/**
 * `maxlength:N`: at most N characters (code points), cut at the last word boundary that fits and
 * without trailing spaces. A first word longer than N is cut hard, so that something is shown.
 */
export function maxLength(value: string, limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 0)
    throw new Error(`maxlength needs a whole number, got ${limit}`);
  const chars = Array.from(value);
  if (chars.length <= limit) return value;
  const head = chars.slice(0, limit).join('');
  // The character right after the cut tells whether the cut already falls between words.
  const atBoundary = /^\s/.test(chars[limit] ?? '');
  const boundary = head.search(/\s\S*$/);
  const cut = atBoundary ? head.trimEnd() : boundary > 0 ? head.slice(0, boundary).trimEnd() : '';
  return cut !== '' ? cut : head.trimEnd();
}

/**
 * `remove:REGEX`: deletes every match of the regular expression. The pattern comes from a template and
 * the value from a catalogue, so it runs on RE2 (re2js), which matches in linear time: a pattern such as
 * `(a+)+$` cannot hang a render. RE2 has no backreferences or lookaround; such a pattern is refused.
 */
export function removePattern(value: string, pattern: string): string {
  let regex = compiledPatterns.get(pattern);
  if (!regex) {
    try {
      regex = RE2JS.compile(pattern);
    } catch {
      throw new Error(`'${pattern}' is not a valid regular expression`);
    }
    // A feed's every item uses the template's few patterns: compiling each once saves most of the filter.
    if (compiledPatterns.size >= MAX_COMPILED_PATTERNS) compiledPatterns.clear();
    compiledPatterns.set(pattern, regex);
  }
  return regex.matcher(value).replaceAll('');
}

const MAX_COMPILED_PATTERNS = 256;
const compiledPatterns = new Map<string, RE2JS>();

function parseWholeNumber(arg: string, filter: string): number {
  if (!/^\s*\d+\s*$/.test(arg)) throw new Error(`${filter} needs a whole number, got '${arg}'`);
  return Number(arg);
}

/** Applies one filter to a value; throws an Error whose message says why it failed. */
export function applyFilter(value: string, call: FilterCall): string {
  switch (call.name) {
    case 'idiv':
      return integerDivide(value, requireArg(call));
    case 'math':
      return applyMath(value, requireArg(call));
    case 'format':
      return formatFilter(value, requireArg(call));
    case 'uppercase':
      return uppercase(value);
    case 'titlecase':
      return titlecase(value);
    case 'capitalize':
      return capitalize(value);
    case 'maxlength':
      return maxLength(value, parseWholeNumber(requireArg(call), 'maxlength'));
    case 'remove':
      return removePattern(value, requireArg(call));
    default:
      throw new Error(`Unknown filter '${call.name}'; known filters: ${FILTER_NAMES.join(', ')}`);
  }
}
