import { Button, Checkbox, Fieldset, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ResultOf } from 'gql.tada';
import type { CombinedError } from 'urql';
import { QueryState } from '../../components/QueryState';
import type { TemplateLibraryTagFiltersQuery } from './api/templateLibraryTagFilters';
import { groupBy } from './templateFormat';

type TagFilter = ResultOf<typeof TemplateLibraryTagFiltersQuery>['templateLibraryTagFilters'][number];

/** The library's tags grouped by their group, each a checkbox with how many templates carry it. */
export function LibraryFilters({
  filters,
  error,
  selected,
  onToggle,
  onClear,
}: {
  filters: readonly TagFilter[] | undefined;
  error: CombinedError | undefined;
  selected: readonly string[];
  onToggle: (tagId: string, checked: boolean) => void;
  onClear: () => void;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Filter by tag">
      <Stack gap="md">
        <Text fw={600}>Filter by tag</Text>
        {!filters ? (
          error ? (
            <QueryState error={error} />
          ) : (
            <Loader size="sm" aria-label="Loading tags" />
          )
        ) : filters.length === 0 ? (
          <Text size="sm" c="dimmed">
            The library has no tags yet.
          </Text>
        ) : (
          groupBy(filters, (filter) => filter.tag.groupLabel).map((group) => (
            <Fieldset key={group.label} legend={group.label} variant="unstyled">
              <Stack gap={6} mt={4}>
                {group.items.map(({ tag, count }) => (
                  <Checkbox
                    key={tag.id}
                    label={`${tag.label} (${count})`}
                    checked={selected.includes(tag.id)}
                    onChange={(event) => onToggle(tag.id, event.currentTarget.checked)}
                  />
                ))}
              </Stack>
            </Fieldset>
          ))
        )}
        {selected.length > 0 && (
          <Button variant="subtle" size="xs" onClick={onClear} w="fit-content">
            Clear filters
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
