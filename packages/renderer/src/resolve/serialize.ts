/** Writes an XmlElement tree back to XML text. */
import { stripXmlInvalidChars } from '@adloom/template';
import type { XmlElement, XmlNode } from './xml.js';

/**
 * Escapes text content: `&`, `<` and `>` (the last so `]]>` can never appear); characters XML cannot
 * hold are dropped, so no value a rule wrote into the tree can make the SVG ill-formed.
 */
export function escapeText(value: string): string {
  return stripXmlInvalidChars(value).replace(/[&<>]/g, (char) =>
    char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;',
  );
}

/**
 * Escapes an attribute value for double quotes; tabs and newlines as references so they survive;
 * characters XML cannot hold are dropped.
 */
export function escapeAttribute(value: string): string {
  return stripXmlInvalidChars(value).replace(/[&<>"\t\n\r]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Per-element attribute overrides applied while writing, so a finished tree need not be copied. */
export type AttributeOverrides = ReadonlyMap<XmlElement, Readonly<Record<string, string | undefined>>>;

/** Serializes a tree to XML text (no declaration); `overrides` set or remove attributes on the way. */
export function serializeXml(root: XmlElement, overrides?: AttributeOverrides): string {
  const parts: string[] = [];
  const write = (node: XmlNode): void => {
    if (node.type === 'text') {
      parts.push(escapeText(node.text));
      return;
    }
    parts.push('<', node.name);
    const override = overrides?.get(node);
    for (const [name, value] of Object.entries(node.attributes)) {
      const final = override && Object.hasOwn(override, name) ? override[name] : value;
      if (final !== undefined) parts.push(' ', name, '="', escapeAttribute(final), '"');
    }
    if (override) {
      for (const [name, value] of Object.entries(override)) {
        if (!Object.hasOwn(node.attributes, name) && value !== undefined) {
          parts.push(' ', name, '="', escapeAttribute(value), '"');
        }
      }
    }
    if (node.children.length === 0) {
      parts.push('/>');
      return;
    }
    parts.push('>');
    for (const child of node.children) write(child);
    parts.push('</', node.name, '>');
  };
  write(root);
  return parts.join('');
}
