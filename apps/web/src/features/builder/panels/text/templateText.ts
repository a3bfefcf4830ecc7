/**
 * Editing a text's template string (template-format.md section 3): where its placeholders are, inserting
 * one at the cursor, adding a filter to the placeholder at the cursor (or the last one), and checking
 * filters as the renderer will run them. Parsing and filters are packages/template's; this only writes.
 */
import { applyFilter, parseTemplateString, type FilterCall, type FilterName } from '@adloom/template';

/** A placeholder of a template string and where it sits: text.slice(start, end) is its source. */
export interface PlaceholderSpan {
  start: number;
  end: number;
  key: string;
  filters: readonly FilterCall[];
}

/** A template string after an edit, and where the cursor goes. */
export interface TextEdit {
  text: string;
  cursor: number;
}

/** Every placeholder of a template string, in order. */
export function placeholderSpans(text: string): PlaceholderSpan[] {
  const spans: PlaceholderSpan[] = [];
  let offset = 0;
  for (const segment of parseTemplateString(text)) {
    if (segment.kind === 'text') {
      offset += segment.text.length;
      continue;
    }
    const end = offset + segment.source.length;
    spans.push({ start: offset, end, key: segment.key, filters: segment.filters });
    offset = end;
  }
  return spans;
}

/** The placeholder the cursor is in or touches; otherwise the last one; undefined when there is none. */
export function targetPlaceholder(text: string, cursor: number): PlaceholderSpan | undefined {
  const spans = placeholderSpans(text);
  return spans.find((span) => span.start <= cursor && cursor <= span.end) ?? spans[spans.length - 1];
}

/**
 * Inserts `{key}` in place of the selection. A cursor inside a placeholder would split it, so the new one
 * goes right after that placeholder instead.
 */
export function insertPlaceholder(
  text: string,
  selection: { start: number; end: number },
  key: string,
): TextEdit {
  const inside = placeholderSpans(text).find(
    (span) => span.start < selection.start && selection.start < span.end,
  );
  const start = inside ? inside.end : selection.start;
  const end = inside ? inside.end : Math.max(selection.start, selection.end);
  const placeholder = `{${key}}`;
  return { text: text.slice(0, start) + placeholder + text.slice(end), cursor: start + placeholder.length };
}

const ESCAPED_IN_PLACEHOLDER = new Set(['|', '{', '}']);
const ESCAPABLE = new Set(['\\', '|', '{', '}']);

/**
 * A filter argument as written inside a placeholder: `|`, `{` and `}` escaped, and a backslash doubled only
 * where the parser would read it as an escape (before `\ | { }` or at the end), so a regular expression
 * such as `\s+` is written as typed.
 */
export function escapeFilterArg(arg: string): string {
  let written = '';
  for (let index = 0; index < arg.length; index += 1) {
    const char = arg[index] as string;
    const next = arg[index + 1];
    if (ESCAPED_IN_PLACEHOLDER.has(char)) written += `\\${char}`;
    else if (char === '\\' && (next === undefined || ESCAPABLE.has(next))) written += '\\\\';
    else written += char;
  }
  return written;
}

/** A filter as written in a placeholder: `name` or `name:arg`. */
export function formatFilterCall(call: FilterCall): string {
  return call.arg === null ? call.name : `${call.name}:${escapeFilterArg(call.arg)}`;
}

/**
 * Adds a filter to the placeholder at the cursor, or to the last one (see targetPlaceholder); the cursor
 * goes after that placeholder. Undefined when the text has no placeholder.
 */
export function addFilter(text: string, cursor: number, call: FilterCall): TextEdit | undefined {
  const target = targetPlaceholder(text, cursor);
  if (!target) return undefined;
  const written = `|${formatFilterCall(call)}`;
  const at = target.end - 1;
  return { text: text.slice(0, at) + written + text.slice(at), cursor: target.end + written.length };
}

/**
 * Why a filter would fail in the renderer, or null. It is run on a sample value with the package's own
 * filters, so the message is the renderer's: for `math` the spec's texts (section 8), e.g. 'Invalid input:
 * only numbers, basic operators for input value are allowed.' (section 5: only digits, + - * / ( ) . and
 * spaces, and a finite result).
 */
export function filterProblem(call: FilterCall): string | null {
  try {
    applyFilter('1', call);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The first problem of the template string's filters, or null. */
export function templateStringProblem(text: string): string | null {
  for (const span of placeholderSpans(text)) {
    for (const call of span.filters) {
      const problem = filterProblem(call);
      if (problem !== null) return problem;
    }
  }
  return null;
}

/** How the filter list offers a filter; `argument` when it takes one. */
export interface FilterChoice {
  name: FilterName;
  label: string;
  description: string;
  argument?: { label: string; placeholder: string; description: string };
}

/** The filters of template-format.md section 3, in the order the list shows them. */
export const FILTER_CHOICES: Readonly<Record<FilterName, FilterChoice>> = {
  uppercase: { name: 'uppercase', label: 'Uppercase', description: 'EVERY LETTER IN CAPITALS' },
  titlecase: {
    name: 'titlecase',
    label: 'Title case',
    description: 'Each Word Capitalised, Small Words such as of and the Not',
  },
  capitalize: {
    name: 'capitalize',
    label: 'Capitalize',
    description: 'First letter in capitals, the rest in lower case',
  },
  maxlength: {
    name: 'maxlength',
    label: 'Maximum length',
    description: 'Cut at a word boundary',
    argument: { label: 'Characters', placeholder: '30', description: 'A whole number' },
  },
  format: {
    name: 'format',
    label: 'Number format',
    description: 'Digits, grouping and decimals',
    argument: { label: 'Pattern', placeholder: '#,##0.00', description: 'Such as #,##0.00, 0.## or 000' },
  },
  math: {
    name: 'math',
    label: 'Math',
    description: 'Calculate with the value',
    argument: {
      label: 'Expression',
      placeholder: '*0.8',
      description: 'Written after the value: *0.8 is 80% of it. Digits, + - * / ( ) . and spaces',
    },
  },
  idiv: {
    name: 'idiv',
    label: 'Whole division',
    description: 'Divide and drop the remainder',
    argument: { label: 'Divisor', placeholder: '100', description: 'A number other than 0' },
  },
  remove: {
    name: 'remove',
    label: 'Remove',
    description: 'Delete what a regular expression matches',
    argument: { label: 'Regular expression', placeholder: ' USD$', description: 'Every match is removed' },
  },
};

/** The filter choices in list order (the record's type makes sure every filter is there). */
export const FILTER_CHOICE_LIST: readonly FilterChoice[] = Object.values(FILTER_CHOICES);
