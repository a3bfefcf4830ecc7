import { kindOf } from '../layers/index.js';
import { normalizeGeometry } from './normalize.js';
import type { ModelLayer } from './types.js';

/**
 * The layer in the model's form (normalize.ts): its geometry and common fields here, its kind's own fields
 * by its kind (layers/<kind>); throws a RangeError on values it cannot hold. Every change function and
 * the SVG reader pass layers through here, so a layer read back from the SVG equals the one written.
 */
export function normalizeLayer<L extends ModelLayer>(input: L): L {
  const layer = normalizeGeometry(input) as ModelLayer;
  return {
    ...kindOf(layer).normalize(layer),
    locked: Boolean(layer.locked),
    hidden: Boolean(layer.hidden),
    clipPath: layer.clipPath === null || layer.clipPath.trim() === '' ? null : layer.clipPath.trim(),
  } as L;
}
