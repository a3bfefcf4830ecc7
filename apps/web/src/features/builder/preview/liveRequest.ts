/**
 * The live preview's render request, built the way generation builds the server's (apps/server
 * generation/generate.ts renderItemAd): slot i takes the item's i-th image with the slot's pixel features
 * applied (the server's image route applies them), every input carries the brand colour, the brand logo is
 * the `main` logo, the brand fonts are the request's fonts, and without a brand logo the logo layers are
 * left out. Pure: the images arrive as URLs the caller has loaded.
 */
import type { RenderRequest } from '@adloom/renderer';
import { parseXml, serializeXml, type XmlElement, type XmlNode } from '@adloom/renderer/xml';
import { extractSlots, isLogoLayerId, type Slot } from '@adloom/template';

/** livePreviewInputs, read: what the server says generation would use for an item. */
export interface LiveInputs {
  metadata: Record<string, string>;
  imageUrls: readonly string[];
  brandColor: string | null;
  logoUrl: string | null;
  fonts: readonly { fontFamily: string; fontUrl: string }[];
}

/** The slot features the image route applies to a slot's image (the others are in the template's ids). */
const PIXEL_FEATURES = ['removeBorders', 'removeBordersHard', 'removeBackground'] as const;

function elementIds(node: XmlElement, ids: string[]): string[] {
  const id = node.attributes.id;
  if (id !== undefined) ids.push(id);
  for (const child of node.children) if (child.type === 'element') elementIds(child, ids);
  return ids;
}

/** The template's image slots in input order (as the server reads them when the template is saved). */
export function templateSlots(svg: string): Slot[] {
  return extractSlots(elementIds(parseXml(svg), []));
}

/** The URL of a slot's image: the item's image at the slot's index, with the slot's pixel features. */
export function slotImageUrl(imageUrls: readonly string[], slot: Slot): string | null {
  const url = imageUrls[slot.index];
  if (url === undefined) return null;
  const asked = PIXEL_FEATURES.filter((key) => slot[key]);
  if (asked.length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${asked.map((key) => `${key}=true`).join('&')}`;
}

/** The template without its logo layers (generation's rule for a brand kit without a logo). */
export function withoutLogoLayers(svg: string): string {
  let removed = 0;
  const prune = (node: XmlElement): XmlElement => ({
    ...node,
    children: node.children.flatMap((child): XmlNode[] => {
      if (child.type !== 'element') return [child];
      const id = child.attributes.id;
      if (id !== undefined && isLogoLayerId(id)) {
        removed += 1;
        return [];
      }
      return [prune(child)];
    }),
  });
  const pruned = prune(parseXml(svg));
  return removed === 0 ? svg : serializeXml(pruned);
}

/**
 * The request for `svg` and an item: `slotImages[i]` is the loaded image of slot i (null: the item has
 * none, and the renderer refuses with the spec's 'Missing input image for layer id=…').
 */
export function liveRenderRequest(
  svg: string,
  inputs: LiveInputs,
  slotImages: readonly (string | null)[],
): RenderRequest {
  const present = slotImages.filter((image): image is string => image !== null);
  return {
    template: inputs.logoUrl ? svg : withoutLogoLayers(svg),
    // Slots are matched to inputs by index: an item with fewer images leaves the last slots without one.
    inputs: present.map((input) => ({ input, color: inputs.brandColor })),
    metadata: inputs.metadata,
    additionalFiles: {
      logos: inputs.logoUrl ? [{ key: 'main', input: inputs.logoUrl }] : [],
      fonts: inputs.fonts.map((font) => ({ fontUrl: font.fontUrl, fontFamily: font.fontFamily })),
    },
  };
}
