import { Paper, Progress, Stack, Text } from '@mantine/core';
import type { CatalogUploadProgress } from './useCatalogFileUpload';

/** The upload of a catalogue file: the file name, the percentage and a progress bar. */
export function UploadProgress({ progress }: { progress: CatalogUploadProgress | null }) {
  if (!progress) return null;
  return (
    <Paper withBorder p="md" radius="md" role="status">
      <Stack gap="xs">
        <Text size="sm">
          Uploading {progress.fileName}… {progress.percent}%
        </Text>
        <Progress.Root size="lg">
          <Progress.Section value={progress.percent} aria-label="Upload progress">
            <Progress.Label>{progress.percent}%</Progress.Label>
          </Progress.Section>
        </Progress.Root>
      </Stack>
    </Paper>
  );
}
