/** Rule 5 of the renderer sequence: put the request's logos into the logo layers. */
import { findLogoKey, isLogoLayerId, RENDERER_ERRORS } from '@adloom/template';
import type { RuleContext } from '../context.js';
import { RendererError } from '../errors.js';
import { attr, rewrite, type XmlElement } from '../xml.js';
import { fillImageLayer } from './image-layer.js';

/**
 * Fills every layer whose id starts with `logo` (any case) with the logo whose key appears in the id
 * (the longest such key). A logo is contained and centred: a brand mark is never cropped.
 * Throws 'Could not find logo for layer id={id}' when no key matches.
 */
export function insertLogos(root: XmlElement, context: RuleContext): XmlElement {
  const logos = new Map(context.request.logos.map((logo) => [logo.key, logo.input]));
  return rewrite(root, (node, ancestors) => {
    const id = attr(node, 'id');
    if (id === undefined || !isLogoLayerId(id)) return undefined;
    const key = findLogoKey(id, logos.keys());
    if (key === undefined) {
      const known = [...logos.keys()];
      throw new RendererError(
        RENDERER_ERRORS.logoNotFound(id),
        known.length === 0
          ? 'the request has no additionalFiles.logos'
          : `none of the logo keys (${known.join(', ')}) appears in the layer id`,
      );
    }
    return fillImageLayer(
      node,
      ancestors,
      { source: logos.get(key)!, kind: 'logo', fit: 'contain', horizontal: 'CENTER', vertical: 'MIDDLE' },
      context,
    );
  });
}
