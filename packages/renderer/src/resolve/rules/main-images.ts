/**
 * Rule 11 of the renderer sequence: main image slots. Ids starting with MAIN (other than MAIN_BLUR and
 * MAIN_COPY) are sorted (sortMainSlotIds) and slot i takes inputs[i]; the id says cover or contain and
 * the alignment (slotPlacement). Slideshow and video slots show their first image.
 */
import { RENDERER_ERRORS, slotPlacement, sortMainSlotIds } from '@adloom/template';
import type { RuleContext } from '../context.js';
import { RendererError } from '../errors.js';
import { attr, rewrite, walk, type XmlElement } from '../xml.js';
import { fillImageLayer } from './image-layer.js';

/** The ids in document order, each once. */
export function layerIds(root: XmlElement): string[] {
  const ids = new Set<string>();
  walk(root, (node) => {
    const id = attr(node, 'id');
    if (id !== undefined) ids.add(id);
  });
  return [...ids];
}

/**
 * Which input each main slot takes: slot id → index into the request's inputs (the slots sorted by
 * sortMainSlotIds). A slot whose index has no input keeps its picture on screen and fails off-screen;
 * layerPresence reports it as having no image.
 */
export function mainSlotOrder(ids: Iterable<string>): Map<string, number> {
  return new Map(sortMainSlotIds(ids).map((id, index) => [id, index]));
}

/**
 * Fills the main slots from the inputs. Off-screen, a slot without an input throws
 * 'Missing input image for layer id={id}'; on screen it keeps the template's own picture.
 * A slot without a box throws 'Could not find layer name {id}'.
 */
export function placeMainImages(root: XmlElement, context: RuleContext): XmlElement {
  const order = mainSlotOrder(layerIds(root));
  const done = new Set<string>();
  return rewrite(root, (node, ancestors) => {
    const id = attr(node, 'id');
    const index = id === undefined ? undefined : order.get(id);
    // Only the first element of a duplicated id is the slot.
    if (id === undefined || index === undefined || done.has(id)) return undefined;
    done.add(id);
    const source = context.request.inputs[index]?.input;
    if (source === undefined) {
      if (!context.offscreen) return undefined;
      throw new RendererError(
        RENDERER_ERRORS.missingInputImage(id),
        `slot ${index + 1} of ${order.size} has no inputs[${index}].input`,
      );
    }
    const placement = slotPlacement(id)!;
    return fillImageLayer(
      node,
      ancestors,
      {
        source,
        kind: 'slot',
        fit: placement.isContain ? 'contain' : 'cover',
        horizontal: placement.horizontalAlignment,
        vertical: placement.verticalAlignment,
      },
      context,
    );
  });
}
