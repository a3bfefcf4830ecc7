import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { getCommand } from '../commands/registry';
import type { BuilderEditor } from '../engine/BuilderEditor';
import { useEditorState } from '../engine/useEditorState';
import { wholeState } from './wholeState';

/** A toolbar button that runs a registered command; disabled when the command is (e.g. an empty undo stack). */
export function CommandButton({
  editor,
  commandId,
  children,
}: {
  editor: BuilderEditor;
  commandId: string;
  children: ReactNode;
}) {
  // Read the state so the button follows every change of it.
  useEditorState(editor, wholeState);
  const command = getCommand(commandId);
  return (
    <Tooltip label={command.label}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={command.label}
        disabled={!command.isEnabled(editor)}
        onClick={() => command.run(editor)}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
