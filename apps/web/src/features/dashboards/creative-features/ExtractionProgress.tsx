import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { countOf, extractionShare, type FeatureExtraction } from './model/featureEffects';

/**
 * How far the reading of the creatives' features has got: a bar while some are pending (the page asks again
 * by itself), and how many could not be read.
 */
export function ExtractionProgress({ extraction }: { extraction: FeatureExtraction }) {
  const { done, pending, failed } = extraction;
  if (pending === 0 && failed === 0) return null;
  const total = done + pending + failed;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Feature extraction">
      <Stack gap={6}>
        {pending > 0 && (
          <>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500}>
                Reading the features of your creatives: {done + failed} of {total}
              </Text>
              <Text size="xs" c="dimmed">
                This page updates by itself.
              </Text>
            </Group>
            <Progress
              value={extractionShare(extraction) * 100}
              striped
              animated
              size="md"
              aria-label="Creatives read"
            />
          </>
        )}
        {failed > 0 && (
          <Text size="xs" c="dimmed">
            {countOf(failed, 'creative')} could not be read (no image, or the image could not be fetched);
            their ads count as ads without known features.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
