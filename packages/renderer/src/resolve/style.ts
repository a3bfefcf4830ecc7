/** Reading and editing the `style` attribute's declarations, and a layer's effective presentation values. */
import { attr, type XmlElement } from './xml.js';

/** The declarations of a style attribute in order, names lowercased. */
export function parseStyle(style: string | undefined): [string, string][] {
  if (!style) return [];
  const declarations: [string, string][] = [];
  for (const part of style.split(';')) {
    const colon = part.indexOf(':');
    if (colon === -1) continue;
    const name = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    if (name !== '' && value !== '') declarations.push([name, value]);
  }
  return declarations;
}

/** Writes declarations back; undefined when there are none, so the attribute can go. */
export function formatStyle(declarations: readonly (readonly [string, string])[]): string | undefined {
  return declarations.length === 0
    ? undefined
    : declarations.map(([name, value]) => `${name}: ${value}`).join('; ');
}

/** The style attribute without the declarations `drop` selects; undefined when none remain. */
export function styleWithout(style: string | undefined, drop: (name: string) => boolean): string | undefined {
  return formatStyle(parseStyle(style).filter(([name]) => !drop(name)));
}

/**
 * A presentation property of the element itself: its style declaration wins over its attribute, as
 * in CSS. Inherited values are not looked up.
 */
export function presentation(node: XmlElement, name: string): string | undefined {
  const declared = parseStyle(attr(node, 'style')).filter(([key]) => key === name);
  const last = declared[declared.length - 1];
  if (last) return last[1].replace(/\s*!important$/i, '');
  return attr(node, name);
}
