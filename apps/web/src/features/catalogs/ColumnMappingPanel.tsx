import { Alert, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { CatalogColumnFieldsQuery } from './api/catalogColumnFields';
import { UpdateCatalogMutation } from './api/updateCatalog';
import type { CatalogDetail, ReimportActions } from './catalog';
import {
  applyChoices,
  fieldsChosenTwice,
  initialChoices,
  mappingOptions,
  parseColumnMapping,
  sameMapping,
} from './columnMapping';
import { ReimportButton } from './ReimportButton';

/**
 * "Map columns": the columns of the newest import that are not catalogue fields, each with the
 * field it should feed. Saving stores the mapping on the catalogue and offers to import again.
 */
export function ColumnMappingPanel({
  catalog,
  columns,
  reimport,
}: {
  catalog: CatalogDetail;
  columns: readonly string[];
  reimport: ReimportActions;
}) {
  const stored = parseColumnMapping(catalog.columnMappingJson);
  const [choices, setChoices] = useState(() => initialChoices(columns, stored));
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [, updateCatalog] = useMutation(UpdateCatalogMutation);
  const [{ data: fields }] = useQuery({ query: CatalogColumnFieldsQuery });
  const options = mappingOptions(fields?.catalogColumnFields ?? []);
  const notify = useNotify();

  const next = applyChoices(stored, choices);
  const pending = !sameMapping(next, stored);
  const twice = fieldsChosenTwice(choices);

  const save = async () => {
    setSaving(true);
    const result = await updateCatalog({
      id: catalog.id,
      name: catalog.name,
      columnMappingJson: JSON.stringify(next),
    });
    setSaving(false);
    if (notify.mutation(result, result.data?.updateCatalog, 'The column mapping was saved.')) setSaved(true);
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Map columns">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Map columns
        </Title>
        <Text size="sm" c="dimmed" maw={720}>
          {columns.length === 1
            ? 'The last import found a column that is not a catalogue field. It is kept as an extra field,'
            : `The last import found ${columns.length} columns that are not catalogue fields. They are kept as extra fields,`}{' '}
          which product-set rules can test. When a column holds a catalogue field under another name (a “sku”
          column with the item ids, say), choose that field: the next import reads it there.
        </Text>
        <Table withTableBorder verticalSpacing="xs" maw={640} aria-label="Unknown columns">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Column</Table.Th>
              <Table.Th>Use as</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {columns.map((column) => (
              <Table.Tr key={column}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {column}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Use column ${column} as`}
                    data={options}
                    value={choices[column] ?? null}
                    onChange={(value) => {
                      setSaved(false);
                      if (value) setChoices({ ...choices, [column]: value });
                    }}
                    allowDeselect={false}
                    searchable
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {twice.length > 0 && (
          <Text size="sm" c="orange.8">
            {twice.join(', ')} {twice.length === 1 ? 'is' : 'are'} chosen for more than one column: the import
            reads only one of them.
          </Text>
        )}
        {saved && !pending ? (
          <Alert color="green" title="Mapping saved" role="status">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">It applies from the next import. Import again to use it now.</Text>
              <ReimportButton
                hasUrl={Boolean(catalog.sourceUrl)}
                busy={reimport.busy}
                onImportNow={reimport.importNow}
                onFile={reimport.importFile}
                variant="filled"
                fileLabel="Upload the file again"
              />
            </Stack>
          </Alert>
        ) : (
          <Group>
            <Button onClick={() => notify.reportFailure(save())} loading={saving} disabled={!pending}>
              Save mapping
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
