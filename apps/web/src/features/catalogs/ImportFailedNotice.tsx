import { Alert, Button, Stack, Text } from '@mantine/core';
import type { CatalogImport } from './catalog';

/** The newest import failed: why, and the way to its report (and to the column mapping). */
export function ImportFailedNotice({
  latest,
  onShowImports,
}: {
  latest: CatalogImport;
  onShowImports: () => void;
}) {
  return (
    <Alert color="red" title="The last import failed" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {latest.error ?? 'The feed could not be read.'} The catalogue keeps the items of its last completed
          import.
        </Text>
        <Button size="xs" variant="white" color="red" onClick={onShowImports}>
          See the import report
        </Button>
      </Stack>
    </Alert>
  );
}
