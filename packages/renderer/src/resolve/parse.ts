/**
 * Parses template text into an XmlElement tree with saxes in strict mode. A template comes from users,
 * so the parser refuses what could make it slow or reach outside: DOCTYPE (and with it every ENTITY
 * declaration: billion laughs, external entities), oversized text, deep nesting and huge element counts.
 */
import { SaxesParser } from 'saxes';
import { TemplateParseError } from './errors.js';
import { attributesOf, type XmlElement, type XmlNode } from './xml.js';

/** Limits of parseXml; the defaults are far above any template the builder writes. */
export interface ParseLimits {
  /** Most UTF-16 code units of template text (10 MiB by default). */
  maxChars: number;
  /** Deepest element nesting (200 by default); the tree is walked recursively after parsing. */
  maxDepth: number;
  /** Most elements in the document (100 000 by default). */
  maxElements: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = {
  maxChars: 10 * 1024 * 1024,
  maxDepth: 200,
  maxElements: 100_000,
};

interface OpenElement {
  name: string;
  attributes: XmlElement['attributes'];
  children: XmlNode[];
}

/** What the caller wants to hear about while parsing. */
export interface ParseObserver {
  /**
   * Called with the target of each processing instruction (`xml-stylesheet` for `<?xml-stylesheet …?>`),
   * which the tree never holds: a template reader reports them as removed.
   */
  onProcessingInstruction?: (target: string) => void;
}

/** Thrown from inside saxes handlers; caught below and turned into a TemplateParseError. */
class Refusal extends Error {}

/**
 * Parses XML text into a tree. Comments and processing instructions are dropped; CDATA becomes text.
 * Throws TemplateParseError ('could not parse the template!') with the reason.
 */
export function parseXml(
  source: string,
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
  observer: ParseObserver = {},
): XmlElement {
  if (typeof source !== 'string') throw new TemplateParseError('the template is not text');
  if (source.length > limits.maxChars) {
    throw new TemplateParseError(
      `the template is ${source.length} characters long; the most is ${limits.maxChars}`,
    );
  }
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: OpenElement[] = [];
  let root: XmlElement | undefined;
  let elements = 0;

  const appendText = (value: string): void => {
    const parent = stack[stack.length - 1];
    // Text outside the root element is whitespace (saxes refuses anything else).
    if (!parent || value === '') return;
    const last = parent.children[parent.children.length - 1];
    if (last?.type === 'text')
      parent.children[parent.children.length - 1] = { type: 'text', text: last.text + value };
    else parent.children.push({ type: 'text', text: value });
  };

  parser.on('doctype', () => {
    throw new Refusal('DOCTYPE and ENTITY declarations are not allowed in a template');
  });
  parser.on('opentag', (tag) => {
    elements += 1;
    if (elements > limits.maxElements) {
      throw new Refusal(`the template has more than ${limits.maxElements} elements`);
    }
    if (stack.length >= limits.maxDepth) {
      throw new Refusal(`elements are nested more than ${limits.maxDepth} deep`);
    }
    const attributes = attributesOf(
      Object.entries(tag.attributes).map(([name, value]) => [name, String(value)]),
    );
    stack.push({ name: tag.name, attributes, children: [] });
  });
  parser.on('closetag', () => {
    const open = stack.pop();
    if (!open) return;
    const node: XmlElement = { type: 'element', ...open };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else root = node;
  });
  parser.on('processinginstruction', (instruction) => observer.onProcessingInstruction?.(instruction.target));
  parser.on('text', appendText);
  parser.on('cdata', appendText);

  try {
    parser.write(source).close();
  } catch (error) {
    if (error instanceof Refusal) throw new TemplateParseError(error.message);
    const detail = error instanceof Error ? error.message : String(error);
    throw new TemplateParseError(`the template is not well-formed XML: ${detail}`, { cause: error });
  }
  if (!root) throw new TemplateParseError('the template has no root element');
  return root;
}
