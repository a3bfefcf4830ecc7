import { Button, FileButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { FILE_KINDS, type FileKind } from './brandKitFormat';

/** Chooses files of a kind; the input is cleared so the same file can be chosen again. */
export function FilePickerButton({
  kind,
  label,
  multiple = false,
  disabled,
  busy,
  onFiles,
}: {
  kind: FileKind;
  label: string;
  multiple?: boolean;
  disabled: boolean;
  busy: boolean;
  onFiles: (files: File[]) => void;
}) {
  const resetRef = useRef<() => void>(null);
  const pick = (chosen: File | File[] | null) => {
    const files = chosen === null ? [] : Array.isArray(chosen) ? chosen : [chosen];
    resetRef.current?.();
    if (files.length > 0) onFiles(files);
  };
  const button = (props: { onClick: () => void }) => (
    <Button {...props} leftSection={<IconUpload size={16} />} loading={busy} disabled={disabled}>
      {label}
    </Button>
  );
  return multiple ? (
    <FileButton accept={FILE_KINDS[kind].accept} resetRef={resetRef} multiple onChange={pick}>
      {button}
    </FileButton>
  ) : (
    <FileButton accept={FILE_KINDS[kind].accept} resetRef={resetRef} onChange={pick}>
      {button}
    </FileButton>
  );
}
