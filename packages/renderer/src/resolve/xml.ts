/**
 * A small immutable XML tree: what the parser builds, the rules rewrite and the serializer writes.
 * Nodes are never changed in place; `rewrite` rebuilds only the path to a change and shares the rest,
 * so every rule is a pure function from one tree to the next.
 */

/** Attributes in document order, in a prototype-free record so `__proto__` is just a name. */
export type XmlAttributes = Readonly<Record<string, string>>;

export interface XmlElement {
  readonly type: 'element';
  /** The qualified name as written (`svg`, `image`, `xlink:href` stays on attributes). */
  readonly name: string;
  readonly attributes: XmlAttributes;
  readonly children: readonly XmlNode[];
}

/** Character data; CDATA sections become text too. */
export interface XmlText {
  readonly type: 'text';
  readonly text: string;
}

export type XmlNode = XmlElement | XmlText;

/** A prototype-free attribute record from name/value pairs; undefined values are left out. */
export function attributesOf(pairs: Iterable<readonly [string, string | undefined]>): XmlAttributes {
  const attributes = Object.create(null) as Record<string, string>;
  for (const [name, value] of pairs) if (value !== undefined) attributes[name] = value;
  return attributes;
}

/** Builds an element; attributes whose value is undefined are left out. */
export function element(
  name: string,
  attributes: Readonly<Record<string, string | undefined>> = {},
  children: readonly XmlNode[] = [],
): XmlElement {
  return { type: 'element', name, attributes: attributesOf(Object.entries(attributes)), children };
}

/** Builds a text node. */
export function text(value: string): XmlText {
  return { type: 'text', text: value };
}

/** The value of an attribute, or undefined. */
export function attr(node: XmlElement, name: string): string | undefined {
  return Object.hasOwn(node.attributes, name) ? node.attributes[name] : undefined;
}

/** The element's local name: `svg:image` and `image` are both `image`. */
export function localName(node: XmlElement): string {
  const colon = node.name.indexOf(':');
  return colon === -1 ? node.name : node.name.slice(colon + 1);
}

/** A copy of the element with some attributes set (string) or removed (undefined). */
export function withAttributes(
  node: XmlElement,
  changes: Readonly<Record<string, string | undefined>>,
): XmlElement {
  // Changed attributes keep their place when they existed, new ones go last.
  const merged = Object.entries(node.attributes).map(([name, value]): [string, string | undefined] =>
    Object.hasOwn(changes, name) ? [name, changes[name]] : [name, value],
  );
  const added = Object.entries(changes).filter(([name]) => !Object.hasOwn(node.attributes, name));
  return { ...node, attributes: attributesOf([...merged, ...added]) };
}

/** A copy of the element with other children. */
export function withChildren(node: XmlElement, children: readonly XmlNode[]): XmlElement {
  return { ...node, children };
}

/** The element children of a node. */
export function childElements(node: XmlElement): XmlElement[] {
  return node.children.filter((child): child is XmlElement => child.type === 'element');
}

/** All text inside an element, in document order. */
export function textContent(node: XmlElement): string {
  return node.children.map((child) => (child.type === 'text' ? child.text : textContent(child))).join('');
}

/** Calls `visit` on the element and every descendant element, parents before children. */
export function walk(
  node: XmlElement,
  visit: (node: XmlElement, ancestors: readonly XmlElement[]) => void,
): void {
  const ancestors: XmlElement[] = [];
  const step = (current: XmlElement): void => {
    visit(current, ancestors);
    ancestors.push(current);
    for (const child of current.children) if (child.type === 'element') step(child);
    ancestors.pop();
  };
  step(node);
}

/** The first element (parents first) that matches, or undefined. */
export function findElement(
  node: XmlElement,
  matches: (node: XmlElement) => boolean,
): XmlElement | undefined {
  if (matches(node)) return node;
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const found = findElement(child, matches);
    if (found) return found;
  }
  return undefined;
}

/**
 * What `rewrite` does with an element: `undefined` keeps it and looks inside; an element or a list of
 * nodes replaces it (not looked inside); `null` removes it.
 */
export type Rewrite = XmlNode | readonly XmlNode[] | null | undefined;

/**
 * Rebuilds the tree, asking `visit` about every element (parents first, with its ancestors). Only the
 * path to a change is copied, so an unchanged tree comes back as the same object.
 */
export function rewrite(
  root: XmlElement,
  visit: (node: XmlElement, ancestors: readonly XmlElement[]) => Rewrite,
): XmlElement {
  const ancestors: XmlElement[] = [];
  const inside = (node: XmlElement): XmlElement => {
    ancestors.push(node);
    let changed = false;
    const children: XmlNode[] = [];
    for (const child of node.children) {
      if (child.type !== 'element') {
        children.push(child);
        continue;
      }
      const result = visit(child, ancestors);
      if (result === undefined) {
        const next = inside(child);
        if (next !== child) changed = true;
        children.push(next);
      } else {
        changed = true;
        if (result === null) continue;
        if (Array.isArray(result)) children.push(...(result as readonly XmlNode[]));
        else children.push(result as XmlNode);
      }
    }
    ancestors.pop();
    return changed ? withChildren(node, children) : node;
  };
  const top = visit(root, []);
  if (top === undefined) return inside(root);
  if (top !== null && !Array.isArray(top) && (top as XmlNode).type === 'element') return top as XmlElement;
  throw new Error('rewrite: the root element can only be replaced by another element');
}
