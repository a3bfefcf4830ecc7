import type { BuilderEditor } from '../../engine/BuilderEditor';
import type { ModelLayer } from '../../model/index.js';

/** The paint of a shape or widget: fill, stroke, stroke width, corner radius, opacity, rating colours. */
export function StyleProperties(_props: { editor: BuilderEditor; layer: ModelLayer }) {
  return null;
}
