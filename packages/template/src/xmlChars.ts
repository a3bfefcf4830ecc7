/**
 * Characters XML 1.0 cannot hold: everything outside its Char production (#x9 | #xA | #xD |
 * [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]), so C0 controls such as U+000B, U+FFFE,
 * U+FFFF and lone surrogates. Feeds carry them (a vertical tab from a spreadsheet cell); one of them
 * in an export makes the whole file ill-formed, and in a rendered text it stops the SVG from parsing.
 * This is the one rule: the importer, the exports, the renderer's text filling and every XML writer use it.
 */

// With the u flag a lone surrogate is one code point (U+D800–U+DFFF), outside every allowed range.
const INVALID = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const INVALID_ALL = new RegExp(INVALID.source, 'gu');

/** True when the text has a character XML 1.0 cannot hold. */
export function hasXmlInvalidChars(text: string): boolean {
  return INVALID.test(text);
}

/** The text without the characters XML 1.0 cannot hold (the same string when it has none). */
export function stripXmlInvalidChars(text: string): string {
  return INVALID.test(text) ? text.replace(INVALID_ALL, '') : text;
}

/** The distinct characters XML 1.0 cannot hold in the text, as `U+000B`, in order of first use. */
export function xmlInvalidCharNames(text: string): string[] {
  const names = new Set<string>();
  for (const [char] of text.matchAll(INVALID_ALL)) {
    names.add(`U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
  }
  return [...names];
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Text for XML element content or a quoted attribute value: the characters XML cannot hold removed,
 * and `& < > " '` escaped.
 */
export function escapeXml(text: string): string {
  return stripXmlInvalidChars(text).replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}
