/** Rule 8 of the renderer sequence: MAIN_COPY layers show the first input image, covering, centred. */
import { isCopyLayerId } from '@adloom/template';
import type { RuleContext } from '../context.js';
import { attr, rewrite, type XmlElement } from '../xml.js';
import { fillImageLayer } from './image-layer.js';

/** Fills MAIN_COPY layers; without a first input image the layer is removed with a warning. */
export function addCopyLayer(root: XmlElement, context: RuleContext): XmlElement {
  const source = context.request.inputs[0]?.input;
  return rewrite(root, (node, ancestors) => {
    const id = attr(node, 'id');
    if (id === undefined || !isCopyLayerId(id)) return undefined;
    if (source === undefined) {
      context.warn(`Layer ${id} is removed: there is no first input image to copy`);
      return null;
    }
    return fillImageLayer(
      node,
      ancestors,
      { source, kind: 'copy', fit: 'cover', horizontal: 'CENTER', vertical: 'MIDDLE' },
      context,
    );
  });
}
