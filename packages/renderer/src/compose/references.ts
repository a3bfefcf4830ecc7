/**
 * Which elements refer to which by id (`url(#id)` in any attribute or style, `href="#id"`), so the
 * composition never splits a reference from what it refers to: a band drawn alone must still find every
 * gradient, clip path or symbol it uses.
 */
import { walk, type XmlElement } from '../resolve/xml.js';

const URL_REFERENCE = /url\(\s*['"]?#([^'")\s]+)['"]?\s*\)/g;

/** The ids an element's own attributes refer to. */
function ownReferences(node: XmlElement): string[] {
  const ids: string[] = [];
  for (const [name, value] of Object.entries(node.attributes)) {
    if ((name === 'href' || name === 'xlink:href') && value.trim().startsWith('#'))
      ids.push(value.trim().slice(1));
    for (const match of value.matchAll(URL_REFERENCE)) ids.push(match[1]!);
  }
  return ids;
}

/** Every id referred to inside `node` (itself included), with how many times. */
export function referencesIn(node: XmlElement): Map<string, number> {
  const counts = new Map<string, number>();
  walk(node, (element) => {
    for (const id of ownReferences(element)) counts.set(id, (counts.get(id) ?? 0) + 1);
  });
  return counts;
}

/** Every id defined inside `node` (itself included). */
export function idsIn(node: XmlElement): Set<string> {
  const ids = new Set<string>();
  walk(node, (element) => {
    const id = element.attributes.id;
    if (id !== undefined && Object.hasOwn(element.attributes, 'id')) ids.add(id);
  });
  return ids;
}
