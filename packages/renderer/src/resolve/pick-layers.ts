/**
 * Parts of one resolved template: the ad without some layers, or only those layers. A layer is a top-level
 * element of the template with an id (what the builder writes for each layer). The whole template is
 * resolved first, so the rules that look at other layers (conditions, blur, copy, logos) decide as they do
 * for the full ad; the part only leaves elements out before the images are embedded and drawn. The builder's
 * canvas draws the ad under a moving selection from two such parts (packages/renderer README, "Layer parts").
 */
import type { ResolvedTemplate } from './resolve.js';
import { attr, localName, withChildren, type XmlNode } from './xml.js';

/** Which layers a part of a render draws: every layer (no pick), all but some, or only some. */
export type LayerPick =
  | { readonly withoutLayers: readonly string[]; readonly onlyLayers?: undefined }
  | { readonly onlyLayers: readonly string[]; readonly withoutLayers?: undefined };

/** Top-level elements that draw nothing themselves: kept in every part (what the layers refer to). */
const NOT_DRAWN = new Set([
  'defs',
  'style',
  'title',
  'desc',
  'metadata',
  'clipPath',
  'mask',
  'linearGradient',
  'radialGradient',
  'pattern',
  'filter',
  'symbol',
  'marker',
]);

/**
 * The resolved template with only the top-level elements `pick` keeps: `withoutLayers` leaves the layers
 * with these ids out; `onlyLayers` keeps them and what draws nothing (definitions), and leaves out every
 * other drawn element, the background and layers without an id too. The image needs stay as they are:
 * embedding only looks up the ones still in the tree.
 */
export function pickLayers(resolved: ResolvedTemplate, pick: LayerPick): ResolvedTemplate {
  const ids = new Set(pick.onlyLayers ?? pick.withoutLayers);
  const only = pick.onlyLayers !== undefined;
  const children = resolved.root.children.filter((child: XmlNode) => {
    if (child.type !== 'element') return true;
    const id = attr(child, 'id');
    const picked = id !== undefined && ids.has(id);
    return only ? picked || NOT_DRAWN.has(localName(child)) : !picked;
  });
  return { ...resolved, root: withChildren(resolved.root, children) };
}
