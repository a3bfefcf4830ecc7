/**
 * Template strings of dynamic text (template-format.md section 3): `{key}` and `{key|filter|filter:arg}`.
 *
 * A key is letters, digits, `_`, `.` and `-`; braces around anything else are plain text, so a text
 * such as '{ "a": 1 }' or '{50% off}' is shown as written. Inside a placeholder `\|`, `\{`, `\}` and
 * `\\` stand for the character itself (`{name|remove:a\|b}` removes a and b); any other backslash is
 * kept, so regular-expression escapes such as `\s` pass through unchanged.
 */
import {
  superscriptCents,
  resolvePlaceholderValue,
  type PlaceholderValue,
  type TextRun,
} from './derivedKeys.js';
import { applyFilter, type FilterCall } from './filters.js';
import type { Metadata } from './metadata.js';
import { stripXmlInvalidChars } from './xmlChars.js';

/** A piece of a parsed template string. */
export type TemplateSegment =
  | { kind: 'text'; text: string }
  | { kind: 'placeholder'; key: string; filters: FilterCall[]; source: string };

const KEY_RE = /^[\p{L}\p{N}_.-]+$/u;
const ESCAPABLE = new Set(['\\', '|', '{', '}']);

/** Reads one placeholder starting at `open` (a '{'); undefined when there is none there. */
function readPlaceholder(
  template: string,
  open: number,
): { segment: Extract<TemplateSegment, { kind: 'placeholder' }>; end: number } | undefined {
  const parts: string[] = [''];
  for (let index = open + 1; index < template.length; index += 1) {
    const char = template[index] as string;
    const next = template[index + 1];
    if (char === '\\' && next !== undefined && ESCAPABLE.has(next)) {
      parts[parts.length - 1] += next;
      index += 1;
    } else if (char === '|') {
      parts.push('');
    } else if (char === '}') {
      const [rawKey = '', ...rawFilters] = parts;
      const key = rawKey.trim();
      if (!KEY_RE.test(key)) return undefined;
      const filters = rawFilters.map((raw): FilterCall => {
        const colon = raw.indexOf(':');
        return colon === -1
          ? { name: raw.trim().toLowerCase(), arg: null }
          : { name: raw.slice(0, colon).trim().toLowerCase(), arg: raw.slice(colon + 1) };
      });
      const source = template.slice(open, index + 1);
      return { segment: { kind: 'placeholder', key, filters, source }, end: index + 1 };
    } else if (char === '{') {
      // An unescaped '{' starts a new candidate: '{a {b}' is the text '{a ' and the placeholder {b}.
      return undefined;
    } else {
      parts[parts.length - 1] += char;
    }
  }
  return undefined;
}

/** Splits a template string into text and placeholders; never throws. */
export function parseTemplateString(template: string): TemplateSegment[] {
  const segments: TemplateSegment[] = [];
  let text = '';
  let index = 0;
  while (index < template.length) {
    const char = template[index] as string;
    const placeholder = char === '{' ? readPlaceholder(template, index) : undefined;
    if (placeholder) {
      if (text !== '') segments.push({ kind: 'text', text });
      text = '';
      segments.push(placeholder.segment);
      index = placeholder.end;
    } else {
      text += char;
      index += 1;
    }
  }
  if (text !== '') segments.push({ kind: 'text', text });
  return segments;
}

/** The distinct placeholder keys of a template string, in order of first use. */
export function placeholderKeys(template: string): string[] {
  const keys = parseTemplateString(template).flatMap((segment) =>
    segment.kind === 'placeholder' ? [segment.key] : [],
  );
  return [...new Set(keys)];
}

/** Something the renderer should log: a missing value or a failing filter. */
export type TemplateWarning =
  | { kind: 'missingValue'; key: string; message: string }
  | { kind: 'filterFailed'; key: string; filter: string; message: string };

/**
 * Filled text as runs (plain and superscript) plus `text`, the runs joined (raised cents follow the
 * whole part without a separator); or cleared because a value was missing.
 */
export type FilledText =
  { kind: 'filled'; runs: TextRun[]; text: string } | { kind: 'cleared'; missingKeys: string[] };

/** Options of fillTemplateString. */
export interface FillOptions {
  onWarning?: (warning: TemplateWarning) => void;
}

function pushRun(runs: TextRun[], run: TextRun): void {
  const last = runs[runs.length - 1];
  if (run.text === '') return;
  if (last && last.superscript === run.superscript) last.text += run.text;
  else runs.push({ ...run });
}

/**
 * The placeholder keys of parsed segments that have no value in this metadata, each once: any of them
 * clears the whole text (fillTemplateString). `values` are the segments' values when already resolved.
 */
export function missingPlaceholderKeys(
  segments: readonly TemplateSegment[],
  metadata: Metadata,
  values?: readonly (PlaceholderValue | undefined)[],
): string[] {
  const missing = new Set<string>();
  segments.forEach((segment, index) => {
    if (segment.kind !== 'placeholder') return;
    const value = values ? values[index] : resolvePlaceholderValue(segment.key, metadata);
    if (value === undefined) missing.add(segment.key);
  });
  return [...missing];
}

/**
 * Fills a template string from metadata. A missing value clears the whole text (one warning per missing
 * key); a failing filter is reported and leaves the value as it was before that filter. Characters XML
 * cannot hold are removed from each value once its filters ran (the text is drawn into an SVG).
 */
export function fillTemplateString(
  template: string,
  metadata: Metadata,
  options: FillOptions = {},
): FilledText {
  const segments = parseTemplateString(template);
  const values = segments.map((segment) =>
    segment.kind === 'placeholder' ? resolvePlaceholderValue(segment.key, metadata) : undefined,
  );
  const missingKeys = missingPlaceholderKeys(segments, metadata, values);
  if (missingKeys.length > 0) {
    for (const key of missingKeys) {
      options.onWarning?.({
        kind: 'missingValue',
        key,
        message: `Missing metadata value for {${key}}; the text is cleared`,
      });
    }
    return { kind: 'cleared', missingKeys };
  }
  const runs: TextRun[] = [];
  segments.forEach((segment, index) => {
    if (segment.kind === 'text') {
      pushRun(runs, { text: segment.text, superscript: false });
      return;
    }
    const value = values[index];
    if (!value) return;
    let text = value.text;
    for (const filter of segment.filters) {
      try {
        text = applyFilter(text, filter);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        options.onWarning?.({
          kind: 'filterFailed',
          key: segment.key,
          filter: filter.name,
          message: `Filter '${filter.name}' failed on {${segment.key}}: ${reason}`,
        });
      }
    }
    text = stripXmlInvalidChars(text);
    const pieces = value.superscriptCents ? superscriptCents(text) : [{ text, superscript: false }];
    for (const piece of pieces) pushRun(runs, piece);
  });
  return { kind: 'filled', runs, text: runs.map((run) => run.text).join('') };
}
