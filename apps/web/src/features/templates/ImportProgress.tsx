import { Paper, Progress, Stack, Text } from '@mantine/core';
import type { SvgImportProgress } from './useSvgImport';

/** The upload of an imported SVG: a progress bar with the percentage, then the save. */
export function ImportProgress({ progress }: { progress: SvgImportProgress | null }) {
  if (!progress) return null;
  const uploading = progress.stage === 'uploading';
  return (
    <Paper withBorder p="md" radius="md" mb="md" role="status">
      <Stack gap="xs">
        <Text size="sm">
          {uploading
            ? `Uploading ${progress.fileName}… ${progress.percent}%`
            : `Saving ${progress.fileName} as a template…`}
        </Text>
        <Progress.Root size="lg">
          <Progress.Section value={progress.percent} animated={!uploading} aria-label="Upload progress">
            <Progress.Label>{progress.percent}%</Progress.Label>
          </Progress.Section>
        </Progress.Root>
      </Stack>
    </Paper>
  );
}
