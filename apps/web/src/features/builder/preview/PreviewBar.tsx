import type { BuilderEditor } from '../engine/BuilderEditor';

/** The bottom preview bar (spec section 2): collapsed, a strip under the canvas; expanded, the live preview. */
export function PreviewBar(_props: { editor: BuilderEditor; templateVersionId: string | null }) {
  return null;
}
