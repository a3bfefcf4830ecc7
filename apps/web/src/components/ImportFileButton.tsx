import { Button, type ButtonProps, FileButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';

/**
 * Chooses a file to import (`accept`: the extensions the importer reads); the input is cleared so the
 * same file can be chosen again.
 */
export function ImportFileButton({
  onFile,
  busy,
  accept,
  label = 'Upload a new file',
  variant = 'default',
}: {
  onFile: (file: File | null) => void;
  busy: boolean;
  accept: string;
  label?: string;
  variant?: ButtonProps['variant'];
}) {
  const resetRef = useRef<() => void>(null);
  return (
    <FileButton
      accept={accept}
      resetRef={resetRef}
      onChange={(file) => {
        onFile(file);
        resetRef.current?.();
      }}
    >
      {(props) => (
        <Button {...props} variant={variant} leftSection={<IconUpload size={16} />} loading={busy}>
          {label}
        </Button>
      )}
    </FileButton>
  );
}
