/** Rule 2 of the renderer sequence: remove layers whose conditions (sale, stock levels) do not hold. */
import { failedLayerConditions, type LayerCondition, type Metadata } from '@adloom/template';
import type { RuleContext } from '../context.js';
import { attr, rewrite, type XmlElement } from '../xml.js';

/**
 * The conditions that remove the layer with this id for this metadata: SALE layers unless is_sale is
 * true, the stock-level layers unless their flag is true (a flag is false when missing or 'False';
 * failedLayerConditions reads them). Empty: the layer stays. layerPresence reports the same decision.
 */
export function conditionsRemovingLayer(id: string, metadata: Metadata): LayerCondition[] {
  return failedLayerConditions(id, metadata);
}

/** Removes every layer (with what it holds) that conditionsRemovingLayer removes. */
export function removeConditionalLayers(root: XmlElement, context: RuleContext): XmlElement {
  const { metadata } = context.request;
  return rewrite(root, (node) => {
    const id = attr(node, 'id');
    return id !== undefined && conditionsRemovingLayer(id, metadata).length > 0 ? null : undefined;
  });
}
