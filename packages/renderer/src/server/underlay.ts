/**
 * A server speed-up with the same pixels: when a blurred background is the first thing the template
 * paints, plain (no transform, opacity, clip, mask, filter or style on it or the root) and in an
 * unscaled document, it is taken out of the SVG and laid under resvg's transparent output by sharp
 * instead. The large picture then skips a JPEG encode, resvg's decode and a full-canvas draw; the
 * browser keeps drawing it inside the SVG (blurPlan gives both the same picture).
 */
import type { ImageNeed } from '../resolve/context.js';
import type { ResolvedTemplate } from '../resolve/resolve.js';
import { parseLength } from '../resolve/template.js';
import { attr, localName, walk, withChildren, type XmlElement, type XmlNode } from '../resolve/xml.js';

/** The blurred background taken out of the SVG, with its top-left corner in output pixels. */
export interface Underlay {
  need: ImageNeed;
  left: number;
  top: number;
}

/** Elements that paint nothing where they stand. */
const NON_PAINTING = new Set([
  'defs',
  'metadata',
  'title',
  'desc',
  'clipPath',
  'mask',
  'pattern',
  'linearGradient',
  'radialGradient',
  'filter',
  'symbol',
  'marker',
]);

/** Root attributes that change how everything is drawn. */
const ROOT_EFFECTS = ['opacity', 'filter', 'mask', 'clip-path', 'style', 'transform'];

const IMAGE_ATTRIBUTES = new Set(['x', 'y', 'width', 'height', 'preserveAspectRatio', 'href']);

function isElement(node: XmlNode): node is XmlElement {
  return node.type === 'element';
}

/** The root's user units are output pixels from (0, 0): no viewBox, or one that matches the size. */
function unscaled(resolved: ResolvedTemplate): boolean {
  const viewBox = attr(resolved.root, 'viewBox');
  if (viewBox === undefined) return true;
  const numbers = viewBox
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  return (
    numbers.length === 4 &&
    numbers[0] === 0 &&
    numbers[1] === 0 &&
    numbers[2] === resolved.width &&
    numbers[3] === resolved.height
  );
}

/**
 * The template without its blurred background and the background's placement, when it can be laid
 * under the rest; otherwise the template unchanged.
 */
export function splitUnderlay(resolved: ResolvedTemplate): {
  resolved: ResolvedTemplate;
  underlay?: Underlay;
} {
  const unchanged = { resolved };
  const { root } = resolved;
  if (!unscaled(resolved) || ROOT_EFFECTS.some((name) => attr(root, name) !== undefined)) return unchanged;
  let hasStyleSheet = false;
  walk(root, (node) => {
    if (localName(node) === 'style') hasStyleSheet = true;
  });
  // A style sheet could give the layer an effect its attributes do not show.
  if (hasStyleSheet) return unchanged;
  const first = root.children.findIndex((child) => isElement(child) && !NON_PAINTING.has(localName(child)));
  const layer = root.children[first];
  if (layer === undefined || !isElement(layer) || localName(layer) !== 'g') return unchanged;
  if (
    Object.entries(layer.attributes).some(([name, value]) => name !== 'id' && !(name === 'style' && !value))
  )
    return unchanged;
  const content = layer.children.filter((child) => isElement(child) || child.text.trim() !== '');
  const image = content[0];
  if (content.length !== 1 || image === undefined || !isElement(image) || localName(image) !== 'image')
    return unchanged;
  if (Object.keys(image.attributes).some((name) => !IMAGE_ATTRIBUTES.has(name))) return unchanged;
  const need = resolved.images.find((candidate) => candidate.ref === attr(image, 'href'));
  if (need?.kind !== 'blur') return unchanged;
  // A box over its drawnPixelLimit gets a smaller picture, which only the rasteriser can scale up.
  if (need.pixelWidth !== need.width || need.pixelHeight !== need.height) return unchanged;
  const x = parseLength(attr(image, 'x')) ?? 0;
  const y = parseLength(attr(image, 'y')) ?? 0;
  const rest = withChildren(
    root,
    root.children.filter((_, index) => index !== first),
  );
  return {
    resolved: { ...resolved, root: rest, images: resolved.images.filter((other) => other !== need) },
    underlay: { need, left: Math.round(x), top: Math.round(y) },
  };
}
