import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { getCommand, runCommand, type PlainCommandId } from '../commands/registry';
import type { BuilderEditor } from '../engine/BuilderEditor';
import { useEditorState } from '../engine/useEditorState';

/** A toolbar button that runs a registered command; disabled when the command is (e.g. an empty undo stack). */
export function CommandButton({
  editor,
  commandId,
  children,
}: {
  editor: BuilderEditor;
  commandId: PlainCommandId;
  children: ReactNode;
}) {
  const command = getCommand(commandId);
  // The button renders again when the command becomes enabled or disabled, not on every change.
  const enabled = useEditorState(editor, () => command.isEnabled(editor));
  return (
    <Tooltip label={command.label}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={command.label}
        disabled={!enabled}
        onClick={() => runCommand(editor, commandId)}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
