/**
 * The builder document inside a template's <metadata>, read and written at string level so that the
 * server and the renderer need no DOM. The scanner skips comments, CDATA, processing instructions and
 * quoted attribute values, so a '<metadata>' inside any of them is not taken for the element.
 */
import { BUILDER_ERRORS } from './errors.js';
import { migrateBuilderDocument } from './migrations.js';
import { isJsonObject, type BuilderDocument } from './document.js';

interface ElementRange {
  /** Index of the '<' of the start tag. */
  start: number;
  /** Index just after the start tag's '>'. */
  contentStart: number;
  /** Index of the '<' of the end tag (equals contentStart for a self-closing tag). */
  contentEnd: number;
  /** Index just after the element. */
  end: number;
}

/** Index just after the start tag that begins at `open`, honouring quoted attribute values. */
function endOfTag(svg: string, open: number): number {
  let quote: string | null = null;
  for (let index = open + 1; index < svg.length; index += 1) {
    const char = svg[index];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '>') {
      return index + 1;
    }
  }
  return -1;
}

/** Index just after a comment, CDATA section, declaration or processing instruction at `index`, or -1. */
function skipMarkup(svg: string, index: number): number {
  for (const [open, close] of [
    ['<!--', '-->'],
    ['<![CDATA[', ']]>'],
    ['<?', '?>'],
    ['<!', '>'],
  ] as const) {
    if (svg.startsWith(open, index)) {
      const end = svg.indexOf(close, index + open.length);
      return end === -1 ? svg.length : end + close.length;
    }
  }
  return -1;
}

const TAG_NAME = /^<\/?([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/;

/** Every element with a local name, outermost first, in document order (nested ones are not searched). */
function findElements(svg: string, localName: string): ElementRange[] {
  const found: ElementRange[] = [];
  let index = svg.indexOf('<');
  while (index !== -1 && index < svg.length) {
    const skipped = skipMarkup(svg, index);
    if (skipped !== -1) {
      index = svg.indexOf('<', skipped);
      continue;
    }
    const name = TAG_NAME.exec(svg.slice(index, index + 200));
    const tagEnd = endOfTag(svg, index);
    if (tagEnd === -1) break;
    if (name && name[0][1] !== '/' && name[2] === localName) {
      const selfClosing = svg[tagEnd - 2] === '/';
      const close = selfClosing ? tagEnd : findClose(svg, tagEnd, `${name[1] ?? ''}${localName}`);
      if (close === -1) break;
      const end = selfClosing ? tagEnd : svg.indexOf('>', close) + 1;
      found.push({ start: index, contentStart: tagEnd, contentEnd: close, end });
      index = svg.indexOf('<', end);
    } else {
      index = svg.indexOf('<', tagEnd);
    }
  }
  return found;
}

/** Index of the '<' of the end tag `</qualifiedName>` after `from`, skipping CDATA and comments. */
function findClose(svg: string, from: number, qualifiedName: string): number {
  let index = svg.indexOf('<', from);
  while (index !== -1) {
    const skipped = skipMarkup(svg, index);
    if (skipped !== -1) {
      index = svg.indexOf('<', skipped);
      continue;
    }
    if (
      svg.startsWith(`</${qualifiedName}`, index) &&
      /^[\s>]/.test(svg[index + qualifiedName.length + 2] ?? '')
    ) {
      return index;
    }
    index = svg.indexOf('<', index + 1);
  }
  return -1;
}

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, name: string) => {
    if (!name.startsWith('#')) return Object.hasOwn(ENTITIES, name) ? (ENTITIES[name] ?? whole) : whole;
    const codePoint = name.startsWith('#x')
      ? Number.parseInt(name.slice(2), 16)
      : Number.parseInt(name.slice(1), 10);
    // An out-of-range reference is malformed XML; keep it as written rather than throw.
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
  });
}

/** The text content of an element: CDATA sections as they are, entities decoded elsewhere. */
function textContent(content: string): string {
  let text = '';
  let index = 0;
  while (index < content.length) {
    const cdata = content.indexOf('<![CDATA[', index);
    const comment = content.indexOf('<!--', index);
    const next = [cdata, comment].filter((at) => at !== -1).sort((a, b) => a - b)[0];
    if (next === undefined) {
      text += decodeEntities(content.slice(index));
      break;
    }
    text += decodeEntities(content.slice(index, next));
    if (next === cdata) {
      const end = content.indexOf(']]>', next);
      text += content.slice(next + 9, end === -1 ? content.length : end);
      index = end === -1 ? content.length : end + 3;
    } else {
      const end = content.indexOf('-->', next);
      index = end === -1 ? content.length : end + 3;
    }
  }
  return text;
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : null;
  } catch {
    return null;
  }
}

function builderMetadataElement(svg: string): { range: ElementRange; json: Record<string, unknown> } | null {
  // Other tools put RDF or plain text in <metadata>; the builder's is the one that holds a JSON object.
  for (const range of findElements(svg, 'metadata')) {
    const json = parseJsonObject(textContent(svg.slice(range.contentStart, range.contentEnd)).trim());
    if (json) return { range, json };
  }
  return null;
}

/** The JSON object the builder stored in the SVG's <metadata>, or null when there is none. */
export function readBuilderMetadata(svgText: string): Record<string, unknown> | null {
  return builderMetadataElement(svgText)?.json ?? null;
}

/**
 * JSON that is safe as XML text: '<', '>' and '&' become \u escapes, which JSON.parse reads back as
 * the same characters, so the text needs neither entities nor CDATA (and can never contain ']]>').
 */
function xmlSafeJson(value: unknown): string {
  // JSON.stringify escapes controls and lone surrogates itself; U+FFFE and U+FFFF, which XML cannot
  // hold either, are escaped here so the document keeps them and the SVG stays well-formed.
  return JSON.stringify(value).replace(
    /[<>&\ufffe\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Stores a document as JSON in the SVG's <metadata>: replaces the builder's existing element, or adds
 * one as the first child of the root <svg>. Throws when there is no <svg> element.
 */
export function writeBuilderMetadata(svgText: string, document: unknown): string {
  const element = `<metadata>${xmlSafeJson(document)}</metadata>`;
  const existing = builderMetadataElement(svgText);
  if (existing) {
    return svgText.slice(0, existing.range.start) + element + svgText.slice(existing.range.end);
  }
  const [root] = findElements(svgText, 'svg');
  if (!root) throw new Error('The template has no <svg> element to hold the builder metadata');
  if (root.contentStart === root.end) {
    // <svg .../> becomes <svg ...><metadata>...</metadata></svg>.
    const openTag = svgText.slice(root.start, root.contentStart - 2).trimEnd();
    return `${svgText.slice(0, root.start)}${openTag}>${element}</svg>${svgText.slice(root.end)}`;
  }
  return svgText.slice(0, root.contentStart) + element + svgText.slice(root.contentStart);
}

/**
 * The builder document of a saved template, migrated to the current version. Throws the spec's
 * 'Cannot edit template that was not created with the template builder.' when it has none.
 */
export function readBuilderDocument(svgText: string): BuilderDocument {
  const json = readBuilderMetadata(svgText);
  if (!json) throw new Error(BUILDER_ERRORS.notBuilderTemplate);
  return migrateBuilderDocument(json);
}
