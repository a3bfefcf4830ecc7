import { useEffect, useMemo } from 'react';
import type { BuilderEditor } from '../engine/BuilderEditor';

/**
 * One undo step for everything done in a field: `start` (on focus) opens the editor's batch with mark(),
 * `end` (on blur) closes it with commit(); typing or dragging a colour in between is one step. Each is
 * safe to call twice (focus and blur do not always pair up), so batches never nest by accident.
 */
export class EditStep {
  private open = false;

  constructor(private readonly editor: Pick<BuilderEditor, 'mark' | 'commit'>) {}

  readonly start = (): void => {
    if (this.open) return;
    this.open = true;
    this.editor.mark();
  };

  readonly end = (): void => {
    if (!this.open) return;
    this.open = false;
    this.editor.commit();
  };
}

/** An EditStep for a field; a field that goes away while open closes its step. */
export function useEditStep(editor: BuilderEditor): EditStep {
  const step = useMemo(() => new EditStep(editor), [editor]);
  useEffect(() => step.end, [step]);
  return step;
}
