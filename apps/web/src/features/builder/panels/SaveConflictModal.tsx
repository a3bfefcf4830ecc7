import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import type { SaveConflict } from './useSaveTemplate';

interface SaveConflictModalProps {
  /** The refused save's conflict; null: closed. */
  conflict: SaveConflict | null;
  /** Keep editing (the changes stay unsaved). */
  onCancel: () => void;
  /** Load the newest version; the user has confirmed losing the changes. */
  onReload: () => void;
  /** Save the document as a new template and open it. */
  onSaveCopy: () => void;
}

/** A save was refused because someone saved a newer version: reload it, save a copy, or keep editing. */
export function SaveConflictModal({ conflict, onCancel, onReload, onSaveCopy }: SaveConflictModalProps) {
  return (
    <Modal opened={conflict !== null} onClose={onCancel} title="This template was changed">
      {conflict && (
        <ConflictChoices
          conflict={conflict}
          onCancel={onCancel}
          onReload={onReload}
          onSaveCopy={onSaveCopy}
        />
      )}
    </Modal>
  );
}

/** The modal's body; mounted per conflict, so the reload confirmation starts closed each time. */
function ConflictChoices({
  conflict,
  onCancel,
  onReload,
  onSaveCopy,
}: SaveConflictModalProps & { conflict: SaveConflict }) {
  const [confirmingReload, setConfirmingReload] = useState(false);
  const change = `The template was changed by ${conflict.savedBy ?? 'another member'} at ${formatDateTime(
    conflict.savedAt,
  )} (version ${conflict.number}).`;
  if (confirmingReload)
    return (
      <Stack gap="md">
        <Text size="sm">
          Load version {conflict.number}? Your changes since you opened or last saved the template are lost.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmingReload(false)}>
            Back
          </Button>
          <Button color="red" onClick={onReload}>
            Discard my changes and reload
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Stack gap="md">
      <Text size="sm">{change}</Text>
      <Text size="sm">
        Your changes are not saved. Reload the newest version (your changes are lost), or save your changes as
        a new template.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="default" onClick={onSaveCopy}>
          Save as a copy
        </Button>
        <Button onClick={() => setConfirmingReload(true)}>Reload</Button>
      </Group>
    </Stack>
  );
}
