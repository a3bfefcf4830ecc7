import { Alert, Button, FileInput, Group, Stack } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNotify } from '../../app/store/useNotify';
import { postForm } from '../../lib/http';

/** Uploads (or replaces) the MSA file of a client. */
export function MsaUploadForm({ clientId, onUploaded }: { clientId: string; onUploaded: () => void }) {
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setError('Choose a file first.');
      return;
    }
    setError(null);
    setUploading(true);
    const form = new FormData();
    form.append('file', file, file.name);
    const result = await postForm(`/api/portal/clients/${encodeURIComponent(clientId)}/msa/`, form);
    setUploading(false);
    if (!result.ok) {
      setError(result.error.message ?? `The upload failed (${result.error.code}). Try again.`);
      return;
    }
    notify.success(`${file.name} was uploaded.`);
    setFile(null);
    onUploaded();
  };

  return (
    <form onSubmit={(event) => notify.reportFailure(submit(event))}>
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <FileInput label="MSA file" placeholder="Choose a file" value={file} onChange={setFile} clearable />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconUpload size={16} />} loading={uploading}>
            Upload MSA
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
