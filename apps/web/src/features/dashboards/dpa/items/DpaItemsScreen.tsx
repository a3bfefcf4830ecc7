import { Alert, Group, SegmentedControl, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from 'urql';
import { QueryState } from '../../../../components/QueryState';
import type { ClientScreenProps } from '../../../clients';
import { dashboardQueryContext } from '../../api/queryContext';
import type { DashboardScope } from '../../components/DashboardShell';
import { DpaItemsQuery } from '../api/dpaItems';
import { DpaShell } from '../DpaShell';
import type { DpaCategoryField, DpaGrouping, DpaPage } from '../model/dpaPages';
import { DpaItemsTable, ROW_NAME } from './DpaItemsTable';
import { TopRowsChart } from './TopRowsChart';

/** Rows asked for at most: the ones with the most spend (the page says when there are more). */
const ROW_LIMIT = 500;
const SEARCH_DEBOUNCE_MS = 300;

const CATEGORY_FIELDS = [
  { value: 'PRODUCT_TYPE', label: 'Product type' },
  { value: 'GOOGLE_PRODUCT_CATEGORY', label: 'Google product category' },
] as const;

const TITLES: Record<DpaGrouping, string> = {
  ITEM: 'Results by item',
  ITEM_GROUP: 'Results by item group',
  CATEGORY: 'Results by category',
};

/** `/dashboard/dpa-performance/items/`, `item-groups/` and `categories/`: catalogue ads by product. */
export function DpaItemsScreen({ route }: ClientScreenProps) {
  return (
    <DpaShell
      route={route}
      description="Catalogue-ad results rolled up to the catalogue’s items, item groups or categories."
    >
      {(scope, page) => <DpaItemsContent scope={scope} page={page} />}
    </DpaShell>
  );
}

function DpaItemsContent({ scope, page }: { scope: DashboardScope; page: DpaPage }) {
  const grouping = page.grouping ?? 'ITEM';
  const { query, filter, state, clientId } = scope;
  const field: DpaCategoryField =
    state.param('field') === 'GOOGLE_PRODUCT_CATEGORY' ? 'GOOGLE_PRODUCT_CATEGORY' : 'PRODUCT_TYPE';
  const [input, setInput] = useState(state.param('q') ?? '');
  const [search] = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const [{ data, error, fetching }] = useQuery({
    query: DpaItemsQuery,
    variables: {
      from: query.range.from,
      to: query.range.to,
      grouping,
      categoryField: grouping === 'CATEGORY' ? field : undefined,
      search: search || undefined,
      limit: ROW_LIMIT,
      filter,
    },
    context: dashboardQueryContext,
  });
  const report = data?.dpaItems;
  const currency = report?.currency ?? scope.currency;
  const name = ROW_NAME[grouping];

  return (
    <Stack gap="md">
      <Group gap="lg" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder={grouping === 'CATEGORY' ? 'Category' : 'Id or title'}
          leftSection={<IconSearch size={16} />}
          value={input}
          w={300}
          onChange={(event) => {
            setInput(event.currentTarget.value);
            state.setParam('q', event.currentTarget.value.trim() || null);
          }}
        />
        {grouping === 'CATEGORY' && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="category-field-label">
              Category from
            </Text>
            <SegmentedControl
              aria-labelledby="category-field-label"
              data={CATEGORY_FIELDS.map((f) => ({ value: f.value, label: f.label }))}
              value={field}
              onChange={(value) => state.setParam('field', value === 'PRODUCT_TYPE' ? null : value)}
            />
          </Stack>
        )}
      </Group>
      {!report ? (
        error ? (
          <QueryState error={error} />
        ) : (
          <Skeleton h={360} radius="md" />
        )
      ) : (
        <>
          <Group gap="lg">
            {report.notInCatalog > 0 && (
              <Alert variant="light" color="orange" p="xs">
                <Text size="sm">
                  Not in your catalogues: <b>{report.notInCatalog.toLocaleString('en-GB')}</b>{' '}
                  {report.notInCatalog === 1 ? 'product' : 'products'} delivered by these ads (no catalogue of
                  this workspace holds the product id, so they have no item, group or category).
                </Text>
              </Alert>
            )}
            {report.totalRows > report.rows.length && (
              <Text size="sm" c="dimmed">
                Showing the {report.rows.length.toLocaleString('en-GB')} with the most spend of{' '}
                {report.totalRows.toLocaleString('en-GB')}; search to find others.
              </Text>
            )}
          </Group>
          <TopRowsChart
            title={`The ${name.many} with the most spend`}
            rows={report.rows}
            currency={currency}
          />
          <DpaItemsTable
            clientId={clientId}
            title={TITLES[grouping]}
            grouping={grouping}
            rows={report.rows}
            currency={currency}
            fetching={fetching}
          />
        </>
      )}
    </Stack>
  );
}
