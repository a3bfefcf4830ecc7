/**
 * Stage 1 of resolving: template text → a sanitised SVG tree with a known size. Everything after this
 * works on the tree only.
 */
import { RENDERER } from '@adloom/template';
import { TemplateParseError } from './errors.js';
import { DEFAULT_PARSE_LIMITS, parseXml, type ParseLimits } from './parse.js';
import { sanitizeTemplate } from './sanitize.js';
import { attr, localName, withAttributes, withChildren, type XmlElement, type XmlNode } from './xml.js';

export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
export const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

/** Largest width or height the renderer draws (the builder allows up to 3000). */
export const MAX_TEMPLATE_SIZE = 4000;

/** A parsed, sanitised template. */
export interface SvgTemplate {
  /** The <svg> root with explicit width, height, viewBox and namespace declarations. */
  root: XmlElement;
  width: number;
  height: number;
  /** What sanitising removed, one line each (for logs, or to refuse a template on save). */
  removed: string[];
}

/** Reads a length in user units or px; undefined for anything else (%, em, mm, blank). */
export function parseLength(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(?:px)?\s*$/i.exec(value);
  if (!match) return undefined;
  const number = Number(match[1]);
  return Number.isFinite(number) ? number : undefined;
}

function readSize(root: XmlElement, name: 'width' | 'height', fallback: number): number {
  const value = parseLength(attr(root, name));
  if (value === undefined || value <= 0) return fallback;
  if (value > MAX_TEMPLATE_SIZE) {
    throw new TemplateParseError(`the template's ${name} is ${value}; the most is ${MAX_TEMPLATE_SIZE}`);
  }
  return value;
}

function validViewBox(value: string | undefined): boolean {
  const numbers = (value ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  return numbers.length === 4 && numbers.every(Number.isFinite) && numbers[2]! > 0 && numbers[3]! > 0;
}

/** Prefixes declared anywhere in the document (a loose check: resvg only needs them declared). */
function declaredPrefixes(root: XmlElement): Set<string> {
  const prefixes = new Set(['xml', 'xmlns']);
  const visit = (node: XmlElement): void => {
    for (const name of Object.keys(node.attributes))
      if (name.startsWith('xmlns:')) prefixes.add(name.slice(6));
    for (const child of node.children) if (child.type === 'element') visit(child);
  };
  visit(root);
  return prefixes;
}

/**
 * Drops elements and attributes whose namespace prefix is never declared (editor leftovers such as
 * `inkscape:label`): strict XML readers such as resvg's refuse the whole document for one of them.
 */
function dropUndeclaredPrefixes(root: XmlElement, declared: Set<string>): XmlElement {
  const known = (name: string): boolean => {
    const colon = name.indexOf(':');
    return colon === -1 || declared.has(name.slice(0, colon));
  };
  const visit = (node: XmlElement): XmlElement | null => {
    if (!known(node.name)) return null;
    const badAttributes = Object.keys(node.attributes).filter((name) => !known(name));
    let result =
      badAttributes.length > 0
        ? withAttributes(node, Object.fromEntries(badAttributes.map((name) => [name, undefined])))
        : node;
    let changed = false;
    const children: XmlNode[] = [];
    for (const child of result.children) {
      const next = child.type === 'element' ? visit(child) : child;
      if (next !== child) changed = true;
      if (next !== null) children.push(next);
    }
    if (changed) result = withChildren(result, children);
    return result;
  };
  return visit(root) ?? root;
}

/**
 * Parses and sanitises template text. The root must be an <svg> element; width and height default to
 * 1080 (spec section 9) and the viewBox to the size. Throws 'could not parse the template!' with a reason.
 */
export function readTemplate(source: string, limits: ParseLimits = DEFAULT_PARSE_LIMITS): SvgTemplate {
  const instructions: string[] = [];
  const parsed = parseXml(source, limits, { onProcessingInstruction: (target) => instructions.push(target) });
  if (localName(parsed) !== 'svg') {
    throw new TemplateParseError(`the root element is <${parsed.name}>, not <svg>`);
  }
  const sanitisedTree = sanitizeTemplate(parsed);
  const { root: sanitised } = sanitisedTree;
  // A stylesheet or other instruction is dropped by the parser; it is reported, so a save can refuse it.
  const removed = [
    ...instructions.map((target) => `<?${target}?> processing instruction`),
    ...sanitisedTree.removed,
  ];
  const width = readSize(sanitised, 'width', RENDERER.defaultWidth);
  const height = readSize(sanitised, 'height', RENDERER.defaultHeight);
  // xlink is declared on the root when used anywhere, as is the SVG namespace itself.
  const withXlink = declaredPrefixes(sanitised);
  withXlink.add('xlink');
  let root = dropUndeclaredPrefixes(sanitised, withXlink);
  root = withAttributes(root, {
    // An <svg:svg> root keeps its prefix declaration; a plain one gets the default namespace.
    xmlns: root.name === 'svg' ? SVG_NAMESPACE : attr(root, 'xmlns'),
    'xmlns:xlink': XLINK_NAMESPACE,
    width: String(width),
    height: String(height),
    viewBox: validViewBox(attr(root, 'viewBox')) ? attr(root, 'viewBox') : `0 0 ${width} ${height}`,
  });
  return { root, width, height, removed };
}
