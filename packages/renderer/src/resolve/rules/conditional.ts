/** Rule 2 of the renderer sequence: remove layers whose conditions (sale, stock levels) do not hold. */
import { isLayerShown } from '@adloom/template';
import type { RuleContext } from '../context.js';
import { attr, rewrite, type XmlElement } from '../xml.js';

/**
 * Removes SALE layers unless is_sale is true, and the stock-level layers unless their flag is true
 * (a flag is false when missing or 'False'; isLayerShown reads them).
 */
export function removeConditionalLayers(root: XmlElement, context: RuleContext): XmlElement {
  const { metadata } = context.request;
  return rewrite(root, (node) => {
    const id = attr(node, 'id');
    return id !== undefined && !isLayerShown(id, metadata) ? null : undefined;
  });
}
