import type { BuilderEditor } from '../../engine/BuilderEditor';
import type { ModelLayer } from '../../model/index.js';

/** The layer's dynamic settings: every field of the spec's 'Layer data' (section 3) that fits its kind. */
export function LayerDataSettings(_props: { editor: BuilderEditor; layer: ModelLayer }) {
  return null;
}
