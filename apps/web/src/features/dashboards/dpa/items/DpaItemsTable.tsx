import type { MetricKey } from '@adloom/commerce';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { clientUrl } from '../../../../app/routes';
import { AdThumbnail } from '../../components/AdThumbnail';
import { type DashboardColumn, DashboardTable } from '../../components/DashboardTable';
import { MetricLabel } from '../../components/MetricLabel';
import { metricColumns } from '../../components/metricColumns';
import { formatMetric } from '../../model/metricFormat';
import { catalogItemLink, type DpaGrouping, feedCreativesLink } from '../model/dpaPages';

type DpaValues = Partial<Record<MetricKey, number | null>>;

export interface DpaItemRow {
  key: string;
  label: string;
  imageUrl: string | null;
  catalogId: string | null;
  itemId: string | null;
  items: number;
  inCatalog: boolean;
  values: DpaValues;
  enhancementValues: { ctr: number | null };
  catalogValues: { ctr: number | null };
  creatives: readonly { feedId: string; feedName: string }[];
}

const METRICS: MetricKey[] = ['spend', 'ctr', 'cvr', 'roas'];

export const ROW_NAME: Record<DpaGrouping, { title: string; one: string; many: string }> = {
  ITEM: { title: 'Item', one: 'item', many: 'items' },
  ITEM_GROUP: { title: 'Item group', one: 'item group', many: 'item groups' },
  CATEGORY: { title: 'Category', one: 'category', many: 'categories' },
};

const count = (value: number) => value.toLocaleString('en-GB');

/**
 * Catalogue-ad results by item, item group or category: the image and name, the items rolled in, spend and
 * rates, CTR with Adloom creatives beside CTR with the catalogue image, and links to the item in its
 * catalogue and (items) to its creatives.
 */
export function DpaItemsTable({
  clientId,
  title,
  grouping,
  rows,
  currency,
  fetching,
}: {
  clientId: string;
  title: string;
  grouping: DpaGrouping;
  rows: readonly DpaItemRow[];
  currency: string | null;
  fetching?: boolean;
}) {
  const name = ROW_NAME[grouping];
  const columns: DashboardColumn<DpaItemRow>[] = [
    {
      key: 'label',
      title: name.title,
      csvLabel: name.title,
      value: (row) => row.label,
      render: (row) => (
        <Group gap="sm" wrap="nowrap" miw={0}>
          <AdThumbnail url={row.imageUrl} name={row.label} size={44} />
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600} truncate="end" maw={320}>
              {row.label}
            </Text>
            <Group gap={6}>
              {grouping !== 'CATEGORY' && (
                <Text size="xs" c="dimmed">
                  {row.key}
                </Text>
              )}
              {!row.inCatalog && (
                <Badge size="xs" color="orange" variant="light">
                  Not in your catalogues
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
      ),
    },
    ...(grouping === 'ITEM'
      ? []
      : [
          {
            key: 'items',
            title: 'Items',
            csvLabel: 'Items',
            value: (row: DpaItemRow) => row.items,
            render: (row: DpaItemRow) => count(row.items),
            textAlign: 'right' as const,
          },
        ]),
    ...metricColumns<DpaItemRow>(METRICS, (row) => row.values, currency),
    {
      key: 'enhancementCtr',
      title: (
        <span>
          <MetricLabel metric="ctr" />, Adloom creatives
        </span>
      ),
      csvLabel: 'CTR, Adloom creatives',
      value: (row) => row.enhancementValues.ctr,
      render: (row) => formatMetric('ctr', row.enhancementValues.ctr, currency),
      textAlign: 'right',
    },
    {
      key: 'catalogCtr',
      title: (
        <span>
          <MetricLabel metric="ctr" />, catalogue image
        </span>
      ),
      csvLabel: 'CTR, catalogue image',
      value: (row) => row.catalogValues.ctr,
      render: (row) => formatMetric('ctr', row.catalogValues.ctr, currency),
      textAlign: 'right',
    },
    {
      key: 'links',
      title: 'Open',
      csvLabel: 'Catalogue item',
      value: (row) => row.itemId,
      render: (row) => <RowLinks clientId={clientId} grouping={grouping} row={row} />,
    },
  ];
  return (
    <DashboardTable
      title={title}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.key}
      fileName={`dpa-${name.many.replace(' ', '-')}.csv`}
      fetching={fetching}
      defaultSort={{ column: 'spend', direction: 'desc' }}
    />
  );
}

/** The item in its catalogue and, for an item, its creatives in each feed that made one. */
function RowLinks({ clientId, grouping, row }: { clientId: string; grouping: DpaGrouping; row: DpaItemRow }) {
  const links = [];
  if (row.catalogId && !row.itemId) {
    // A category spans items: its catalogue, whose items it was read from.
    links.push(
      <Anchor
        key="catalog"
        component={Link}
        to={clientUrl(clientId, 'catalogs/:id/', { id: row.catalogId })}
        size="sm"
        aria-label={`The catalogue of ${row.label}`}
      >
        Catalogue
      </Anchor>,
    );
  }
  if (row.catalogId && row.itemId) {
    links.push(
      <Anchor
        key="catalog"
        component={Link}
        to={catalogItemLink(clientId, row.catalogId, row.itemId)}
        size="sm"
        aria-label={`${row.label} in its catalogue`}
      >
        {grouping === 'ITEM' ? 'In catalogue' : 'An item in catalogue'}
      </Anchor>,
    );
  }
  for (const creative of grouping === 'ITEM' ? row.creatives : []) {
    links.push(
      <Anchor
        key={`feed:${creative.feedId}`}
        component={Link}
        to={feedCreativesLink(clientId, creative.feedId, row.itemId)}
        size="sm"
        aria-label={`Creatives of ${row.label} in ${creative.feedName}`}
      >
        Creatives ({creative.feedName})
      </Anchor>,
    );
  }
  if (!links.length)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  return <Stack gap={2}>{links}</Stack>;
}
