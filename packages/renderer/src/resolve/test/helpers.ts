/** Helpers for rule tests: build a context over a small template and read results back. */
import { createRuleContext, type RuleContext } from '../context.js';
import { normalizeRequest, type RenderRequest } from '../request.js';
import { serializeXml } from '../serialize.js';
import { readTemplate } from '../template.js';
import { attr, findElement, type XmlElement } from '../xml.js';

/** A 1080 × 1080 template around `body`. */
export function svgTemplate(body: string, size = 'width="1080" height="1080"'): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" ${size}>${body}</svg>`;
}

/** Parses `body` into a template and a rule context for `request`. */
export function setup(
  body: string,
  request: Omit<RenderRequest, 'template'> = {},
  options: { offscreen?: boolean; size?: string } = {},
): { root: XmlElement; context: RuleContext } {
  const template = readTemplate(svgTemplate(body, options.size));
  const normalized = normalizeRequest({ ...request, template: 'unused' });
  const context = createRuleContext(normalized, template.root, template, {
    offscreen: options.offscreen ?? true,
  });
  return { root: template.root, context };
}

/** The element with that id, or undefined. */
export function byId(root: XmlElement, id: string): XmlElement | undefined {
  return findElement(root, (node) => attr(node, 'id') === id);
}

/** The tree as text without the root's own attributes, for compact expectations. */
export function inner(root: XmlElement): string {
  return serializeXml(root)
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>$/, '');
}
