import { Paper, Stack, Text } from '@mantine/core';
import type { CatalogDetail, ReimportActions } from './catalog';
import { isImportActive } from '../../lib/importStatus';
import { ColumnMappingPanel } from './ColumnMappingPanel';
import { ImportsTable } from './ImportsTable';

/** The catalogue's imports with their reports, and the column mapping when the newest found unknown columns. */
export function ImportsTab({ catalog, reimport }: { catalog: CatalogDetail; reimport: ReimportActions }) {
  const latest = catalog.imports[0];
  if (!latest)
    return (
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed">The catalogue has not been imported yet.</Text>
      </Paper>
    );
  return (
    <Stack gap="lg">
      {!isImportActive(latest.status) && latest.unknownColumns.length > 0 && (
        <ColumnMappingPanel
          key={latest.id}
          catalog={catalog}
          columns={latest.unknownColumns}
          reimport={reimport}
        />
      )}
      <ImportsTable imports={catalog.imports} />
    </Stack>
  );
}
