import { Button, type ButtonProps } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { ImportFileButton } from '../../components/ImportFileButton';
import { CATALOG_FILE_ACCEPT } from './catalogFormat';

/** Imports the catalogue again: "Import now" from its URL, or a new upload of its file. */
export function ReimportButton({
  hasUrl,
  busy,
  onImportNow,
  onFile,
  variant = 'default',
  fileLabel = 'Upload a new file',
}: {
  hasUrl: boolean;
  busy: boolean;
  onImportNow: () => void;
  onFile: (file: File | null) => void;
  variant?: ButtonProps['variant'];
  fileLabel?: string;
}) {
  if (!hasUrl)
    return (
      <ImportFileButton
        onFile={onFile}
        busy={busy}
        accept={CATALOG_FILE_ACCEPT}
        label={fileLabel}
        variant={variant}
      />
    );
  return (
    <Button variant={variant} leftSection={<IconRefresh size={16} />} loading={busy} onClick={onImportNow}>
      Import now
    </Button>
  );
}
