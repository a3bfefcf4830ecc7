import { useEffect, useMemo } from 'react';
import { runCommand } from '../commands/registry';
import type { BuilderEditor } from '../engine/BuilderEditor';

/**
 * One undo step for everything done in a field: `start` (on focus) opens the editor's batch
 * (start-edit-step), `end` (on blur) closes it (end-edit-step); typing or dragging a colour in between is one step. Each is
 * safe to call twice (focus and blur do not always pair up), so batches never nest by accident.
 */
export class EditStep {
  private open = false;

  constructor(private readonly editor: BuilderEditor) {}

  readonly start = (): void => {
    if (this.open) return;
    this.open = true;
    runCommand(this.editor, 'start-edit-step');
  };

  readonly end = (): void => {
    if (!this.open) return;
    this.open = false;
    runCommand(this.editor, 'end-edit-step');
  };
}

/** An EditStep for a field; a field that goes away while open closes its step. */
export function useEditStep(editor: BuilderEditor): EditStep {
  const step = useMemo(() => new EditStep(editor), [editor]);
  useEffect(() => step.end, [step]);
  return step;
}
