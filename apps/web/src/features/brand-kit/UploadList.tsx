import { Progress, Stack, Text } from '@mantine/core';
import type { BrandKitUpload } from './useBrandKitUpload';

/** The files of a section on their way in: a bar per file while it is sent, then while it is checked. */
export function UploadList({ uploads }: { uploads: readonly BrandKitUpload[] }) {
  if (uploads.length === 0) return null;
  return (
    <Stack gap="xs" role="status">
      {uploads.map((upload) => (
        <Stack key={upload.id} gap={4}>
          <Text size="sm">
            {upload.stage === 'uploading'
              ? `Uploading ${upload.fileName}… ${upload.percent}%`
              : `Checking ${upload.fileName}…`}
          </Text>
          <Progress
            value={upload.percent}
            animated={upload.stage === 'checking'}
            aria-label={`Upload of ${upload.fileName}`}
          />
        </Stack>
      ))}
    </Stack>
  );
}
