import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/**
 * Asks, before a font is uploaded, that the user confirms they hold a licence for it (the legalAgreement
 * of createBrandKitItem). `file` null keeps the dialog closed.
 */
export function FontLicenceModal({
  file,
  onConfirm,
  onClose,
}: {
  file: File | null;
  onConfirm: (file: File) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={file !== null} onClose={onClose} title="Upload font">
      {file && <LicenceForm key={file.name} file={file} onConfirm={onConfirm} onClose={onClose} />}
    </Modal>
  );
}

function LicenceForm({
  file,
  onConfirm,
  onClose,
}: {
  file: File;
  onConfirm: (file: File) => void;
  onClose: () => void;
}) {
  const [agreed, setAgreed] = useState(false);
  return (
    <Stack>
      <Text size="sm">
        <strong>{file.name}</strong> becomes a font of the brand kit at weight 400, named after its file
        (letters, digits, spaces, hyphens and underscores, in title case). Templates and ads can use it at
        once.
      </Text>
      <Checkbox
        checked={agreed}
        onChange={(event) => setAgreed(event.currentTarget.checked)}
        label="I confirm that we hold a licence that allows this font to be used in our ads."
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={!agreed} onClick={() => onConfirm(file)}>
          Upload font
        </Button>
      </Group>
    </Stack>
  );
}
