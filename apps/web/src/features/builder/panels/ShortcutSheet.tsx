/**
 * The "?" sheet: every keyboard shortcut of the builder, made from the command registry
 * (commands/shortcutSheet.ts), keys written as this platform writes them (⌘ on a Mac, Ctrl elsewhere).
 */
import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { runCommand } from '../commands/registry';
import { currentKeyPlatform, shortcutRows } from '../commands/shortcutSheet';
import type { BuilderEditor } from '../engine/BuilderEditor';
import { useWorkspace } from '../engine/useEditorState';

const selectOpen = (state: { shortcutsOpen: boolean }) => state.shortcutsOpen;

export function ShortcutSheet({ editor }: { editor: BuilderEditor }) {
  const opened = useWorkspace(editor, selectOpen);
  const rows = useMemo(() => shortcutRows(currentKeyPlatform()), []);
  return (
    <Modal
      opened={opened}
      onClose={() => runCommand(editor, 'shortcuts')}
      title="Keyboard shortcuts"
      size="lg"
    >
      <Text size="sm" c="dimmed" mb="sm">
        Shortcuts work while you are not typing in a field or editing a text on the canvas.
      </Text>
      <Table striped verticalSpacing={4} aria-label="Keyboard shortcuts">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.label}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  {row.keys.map((keys) => (
                    <Kbd key={keys} size="xs">
                      {keys}
                    </Kbd>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
