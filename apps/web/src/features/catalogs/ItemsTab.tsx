import { Badge, Button, CloseButton, Group, Pagination, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { CatalogItemsQuery } from './api/catalogItems';
import { ITEM_PARAM, SEARCH_PARAM } from './catalog';
import { formatCount } from './catalogFormat';
import { ItemDrawer } from './ItemDrawer';
import { ItemsTable } from './ItemsTable';
import { useUrlSearch } from './useUrlSearch';

export const ITEMS_PER_PAGE = 25;

/** The diagnostics issue the list is narrowed to (its code in the URL), with its label. */
export interface IssueFilter {
  code: string;
  label: string;
}

/**
 * The catalogue's current items: searched on the server (the search kept in the URL), by pages,
 * optionally only those with one diagnostics issue.
 */
export function ItemsTab({
  catalogId,
  itemCount,
  issue = null,
  onClearIssue,
}: {
  catalogId: string;
  itemCount: number;
  issue?: IssueFilter | null;
  onClearIssue?: () => void;
}) {
  const { input, search, change, clear } = useUrlSearch(SEARCH_PARAM);
  // A new search or issue starts again at page 1.
  const filterKey = `${search}\n${issue?.code ?? ''}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  // The open item is in the URL, so a link can open one item's details (a feed's creative links here).
  const [params, setParams] = useSearchParams();
  const openItemId = params.get(ITEM_PARAM);
  const setOpenItemId = (itemId: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (itemId === null) next.delete(ITEM_PARAM);
      else next.set(ITEM_PARAM, itemId);
      return next;
    });
  const [{ data, error, fetching }] = useQuery({
    query: CatalogItemsQuery,
    variables: {
      catalogId,
      searchString: search || null,
      issue: issue?.code ?? null,
      offset: (page - 1) * ITEMS_PER_PAGE,
      limit: ITEMS_PER_PAGE,
    },
    requestPolicy: 'cache-and-network',
  });

  const result = data?.catalogItems;
  const pages = result ? Math.max(1, Math.ceil(result.total / ITEMS_PER_PAGE)) : 1;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Id, title or brand"
          leftSection={<IconSearch size={16} />}
          value={input}
          onChange={(event) => change(event.currentTarget.value)}
          w={320}
        />
        {issue && (
          <Badge
            size="lg"
            variant="light"
            tt="none"
            rightSection={<CloseButton size="xs" aria-label="Show every item" onClick={onClearIssue} />}
          >
            Only items with: {issue.label}
          </Badge>
        )}
        {result && (
          <Text size="sm" c="dimmed" role="status">
            {search ? `${formatCount(result.total, 'item')} found` : `${formatCount(result.total, 'item')}`}
          </Text>
        )}
      </Group>
      {!result ? (
        <QueryState error={error} />
      ) : result.items.length === 0 ? (
        fetching ? (
          <QueryState error={undefined} />
        ) : (
          <Paper withBorder p="xl" radius="md">
            {search ? (
              <Stack gap="sm" align="flex-start">
                <Text fw={600}>No item matches ‘{search}’.</Text>
                <Text size="sm" c="dimmed">
                  Search looks in item ids, titles and brands.
                </Text>
                <Button variant="default" onClick={clear}>
                  Clear search
                </Button>
              </Stack>
            ) : (
              <Text c="dimmed">
                {itemCount === 0
                  ? 'The catalogue has no items yet. They appear here once an import completes.'
                  : 'No items.'}
              </Text>
            )}
          </Paper>
        )
      ) : (
        <>
          <ItemsTable items={result.items} onOpen={setOpenItemId} />
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={(next) => setPaging({ filterKey, page: next })}
              aria-label="Item pages"
            />
          )}
        </>
      )}
      <ItemDrawer catalogId={catalogId} itemId={openItemId} onClose={() => setOpenItemId(null)} />
    </Stack>
  );
}
