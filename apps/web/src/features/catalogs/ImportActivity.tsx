import { Alert, Progress, Stack, Text } from '@mantine/core';
import type { CatalogImport } from './catalog';

/** The newest import while it is queued or running: how far it got, refreshed every 2 seconds. */
export function ImportActivity({ latest }: { latest: CatalogImport }) {
  const running = latest.status === 'running';
  return (
    <Alert color="blue" variant="light" role="status" aria-label="Import in progress">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {running
            ? `Importing… ${latest.rowsRead.toLocaleString('en')} ${latest.rowsRead === 1 ? 'row' : 'rows'} read`
            : 'The import is queued and starts in a moment…'}
        </Text>
        <Progress value={100} striped animated size="sm" aria-label="Import progress" />
      </Stack>
    </Alert>
  );
}
