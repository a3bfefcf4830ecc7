/**
 * Sanitises a parsed template (template-format.md section 1): no scripts, no foreignObject, no event
 * attributes, no references outside the document and no CSS imports. What is removed is reported so the
 * caller can log it or, when saving, refuse the template.
 */
import { isBlurLayerId, isCopyLayerId, isLogoLayerId, isMainSlotId } from '@adloom/template';
import { hasOnlyFragmentUrls, isFragmentReference, sanitizeCss } from './css.js';
import { attr, localName, text, withAttributes, withChildren, type XmlElement, type XmlNode } from './xml.js';

/**
 * Elements that run code, embed other documents or animate attributes (SMIL can set an href), by local name
 * in lower case: names are compared case-insensitively, because an SVG pasted into HTML is read by the HTML
 * parser, which lower-cases `<SCRIPT>` into a script that runs.
 */
const DROPPED_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'audio',
  'video',
  'canvas',
  'handler',
  'listener',
  'animate',
  'animatemotion',
  'animatetransform',
  'animatecolor',
  'set',
  'discard',
]);

/** HTML attributes that load something (an `<html:img src>` inside the SVG): never part of a template. */
const LOADING_ATTRIBUTES = new Set([
  'src',
  'srcset',
  'srcdoc',
  'data',
  'action',
  'formaction',
  'background',
  'poster',
  'codebase',
]);

// Raster formats only: an SVG data image would be a second document with references of its own.
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp)[;,]/i;
const WEB_URL = /^https?:\/\//i;
// Attributes that hold text for people, not references; `(` in them is not CSS.
const TEXT_ATTRIBUTE = /^(?:title|id|aria-[\w-]+|data-[\w.-]+)$/i;

/** The sanitised tree and one line per thing removed. */
export interface SanitizeResult {
  root: XmlElement;
  removed: string[];
}

/** True when the image is (inside) a layer whose href the renderer replaces: slots, blur, copy, logos. */
function isFilledByRenderer(ancestors: readonly XmlElement[], node: XmlElement): boolean {
  for (const candidate of [node, ...[...ancestors].reverse()]) {
    const id = attr(candidate, 'id');
    if (id === undefined) continue;
    if (isMainSlotId(id) || isBlurLayerId(id) || isCopyLayerId(id) || isLogoLayerId(id)) return true;
  }
  return false;
}

/** An attribute name without its prefix, in lower case: `xlink:HREF` is `href`, `svg:onLoad` is `onload`. */
function localAttributeName(name: string): string {
  return name.slice(name.indexOf(':') + 1).toLowerCase();
}

function short(value: string): string {
  return value.length > 60 ? `${value.slice(0, 57)}...` : value;
}

/** Removes everything that could run code or reach outside the document; never throws. */
export function sanitizeTemplate(root: XmlElement): SanitizeResult {
  const removed: string[] = [];
  const clean = (node: XmlElement, ancestors: readonly XmlElement[]): XmlElement | null => {
    const name = localName(node).toLowerCase();
    if (DROPPED_ELEMENTS.has(name)) {
      removed.push(`<${node.name}> element`);
      return null;
    }
    const changes: Record<string, string | undefined> = {};
    for (const [attribute, value] of Object.entries(node.attributes)) {
      const lower = attribute.toLowerCase();
      const local = localAttributeName(attribute);
      if (local.startsWith('on') || lower === 'xml:base' || LOADING_ATTRIBUTES.has(local)) {
        removed.push(`${attribute} attribute on <${node.name}>`);
        changes[attribute] = undefined;
      } else if (local === 'href') {
        const target = value.trim();
        const allowed =
          isFragmentReference(target) ||
          ((name === 'image' || name === 'feimage') && DATA_IMAGE.test(target)) ||
          (name === 'image' && WEB_URL.test(target) && isFilledByRenderer(ancestors, node));
        if (!allowed) {
          removed.push(`${attribute}="${short(target)}" on <${node.name}>`);
          changes[attribute] = undefined;
        }
      } else if (
        !TEXT_ATTRIBUTE.test(attribute) &&
        (value.includes('(') || value.includes('\\')) &&
        !hasOnlyFragmentUrls(value)
      ) {
        if (lower === 'style') {
          const css = sanitizeCss(value);
          removed.push(...css.removed.map((what) => `${what} in the style of <${node.name}>`));
          changes[attribute] = css.css;
        } else {
          removed.push(`${attribute}="${short(value)}" on <${node.name}>`);
          changes[attribute] = undefined;
        }
      }
    }
    let result = Object.keys(changes).length > 0 ? withAttributes(node, changes) : node;
    if (name === 'style') {
      const css = sanitizeCss(
        result.children.map((child) => (child.type === 'text' ? child.text : '')).join(''),
      );
      if (css.css === undefined) {
        removed.push(`<style> element (${css.removed.join(', ')})`);
        return null;
      }
      removed.push(...css.removed.map((what) => `${what} in <style>`));
      result = withChildren(result, [text(css.css)]);
    }
    return result;
  };

  const visit = (node: XmlElement, ancestors: readonly XmlElement[]): XmlElement | null => {
    const cleaned = clean(node, ancestors);
    if (cleaned === null) return null;
    const inside = [...ancestors, cleaned];
    let changed = cleaned !== node;
    const children: XmlNode[] = [];
    for (const child of cleaned.children) {
      const next = child.type === 'element' ? visit(child, inside) : child;
      if (next !== child) changed = true;
      if (next !== null) children.push(next);
    }
    return changed ? withChildren(cleaned, children) : cleaned;
  };
  const top = visit(root, []);
  // The root is the <svg> element; dropping it would leave nothing, so refuse that upstream.
  return { root: top ?? withChildren(root, []), removed };
}
