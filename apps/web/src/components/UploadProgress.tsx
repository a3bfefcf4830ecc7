import { Paper, Progress, Stack, Text } from '@mantine/core';

/** An upload under way: the file and how much of it is sent (0 to 100). */
export interface UploadProgressState {
  fileName: string;
  percent: number;
}

/** The upload of a file: the file name, the percentage and a progress bar. */
export function UploadProgress({ progress }: { progress: UploadProgressState | null }) {
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
