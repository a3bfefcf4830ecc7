/** Rule 6 of the renderer sequence: COLOR_PRIMARY layers take the input's colour or a metadata colour. */
import { dynamicColorSource, isMissingValue, ownMetadataValue } from '@adloom/template';
import type { RuleContext } from '../context.js';
import { presentation, parseStyle, formatStyle } from '../style.js';
import { attr, rewrite, withAttributes, withChildren, type XmlElement } from '../xml.js';

// Hex, rgb()/rgba()/hsl()/hsla() with plain numbers, or a colour keyword: nothing that could be CSS.
const COLOR = /^(?:#[\da-f]{3,4}|#[\da-f]{6}|#[\da-f]{8}|(?:rgba?|hsla?)\(\s*[\d.%\s,/+-]+\)|[a-z]+)$/i;

/** True for a colour value the recolour rule accepts. */
export function isColorValue(value: string): boolean {
  return COLOR.test(value.trim());
}

function paints(value: string | undefined): boolean {
  return value !== undefined && value.trim().toLowerCase() !== 'none';
}

/** Sets a paint property on the element, in its style when the style declares it (style wins). */
function setPaint(node: XmlElement, name: 'fill' | 'stroke', color: string): XmlElement {
  const declarations = parseStyle(attr(node, 'style'));
  const inStyle = declarations.some(([key]) => key === name);
  return withAttributes(node, {
    [name]: color,
    style: inStyle
      ? formatStyle(declarations.map(([key, value]) => [key, key === name ? color : value]))
      : attr(node, 'style'),
  });
}

/**
 * The colour for one element and its descendants: painted fills change; an outline (fill none, a
 * stroke) changes its stroke instead, so a recoloured frame stays a frame.
 */
function recolourTree(node: XmlElement, color: string, isTop: boolean): XmlElement {
  let result = node;
  const fill = presentation(node, 'fill');
  if (fill !== undefined && !paints(fill)) {
    if (paints(presentation(node, 'stroke'))) result = setPaint(node, 'stroke', color);
  } else if (isTop || fill !== undefined) {
    // The top element always gets the fill so children without their own fill inherit it.
    result = setPaint(node, 'fill', color);
  }
  const children = result.children.map((child) =>
    child.type === 'element' ? recolourTree(child, color, false) : child,
  );
  return children.some((child, index) => child !== result.children[index])
    ? withChildren(result, children)
    : result;
}

/**
 * Recolours COLOR_PRIMARY layers: `COLOR_PRIMARY` takes inputs[0].color, `COLOR_PRIMARY:key` the
 * metadata value of key. A missing or unusable colour leaves the layer as designed, with a warning.
 */
export function recolourLayers(root: XmlElement, context: RuleContext): XmlElement {
  const { inputs, metadata } = context.request;
  return rewrite(root, (node) => {
    const id = attr(node, 'id');
    const dynamic = id === undefined ? undefined : dynamicColorSource(id);
    if (!dynamic) return undefined;
    const where = dynamic.source === null ? 'inputs[0].color' : `metadata ${dynamic.source}`;
    const value = dynamic.source === null ? inputs[0]?.color : ownMetadataValue(metadata, dynamic.source);
    if (isMissingValue(value) || typeof value === 'boolean') {
      context.warn(`Layer ${id} keeps its colour: ${where} is missing`);
      return undefined;
    }
    const color = String(value).trim();
    if (!isColorValue(color)) {
      context.warn(`Layer ${id} keeps its colour: ${where} '${color}' is not a colour`);
      return undefined;
    }
    return recolourTree(node, color, true);
  });
}
