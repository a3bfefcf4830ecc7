import { Button, FileButton, type ButtonProps } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useRef } from 'react';

/** Chooses an SVG file to import; the input is cleared so the same file can be chosen again. */
export function ImportSvgButton({
  onFile,
  busy,
  variant = 'default',
}: {
  onFile: (file: File | null) => void;
  busy: boolean;
  variant?: ButtonProps['variant'];
}) {
  const resetRef = useRef<() => void>(null);
  return (
    <FileButton
      accept=".svg,image/svg+xml"
      resetRef={resetRef}
      onChange={(file) => {
        onFile(file);
        resetRef.current?.();
      }}
    >
      {(props) => (
        <Button {...props} variant={variant} leftSection={<IconFileImport size={16} />} loading={busy}>
          Import SVG
        </Button>
      )}
    </FileButton>
  );
}
