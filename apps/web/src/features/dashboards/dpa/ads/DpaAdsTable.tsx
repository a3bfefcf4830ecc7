import type { MetricKey } from '@adloom/commerce';
import { Badge, Text } from '@mantine/core';
import { AdIdentity } from '../../components/AdIdentity';
import { type DashboardColumn, DashboardTable } from '../../components/DashboardTable';
import { metricColumns } from '../../components/metricColumns';
import { formatMetric } from '../../model/metricFormat';
import type { DpaAdKind } from '../model/dpaPages';
import { CatalogAdFeedSelect } from './CatalogAdFeedSelect';

type DpaValues = Partial<Record<MetricKey, number | null>>;

export interface DpaAdRow {
  kind: DpaAdKind;
  feedId: string | null;
  feedName: string | null;
  products: number;
  ad: { id: string; name: string; campaignName: string; adSetName: string; thumbnailUrl: string | null };
  values: DpaValues;
}

const METRICS: MetricKey[] = ['spend', 'impressions', 'ctr', 'cvr', 'roas', 'purchases'];

export const KIND_LABEL: Record<DpaAdKind, string> = {
  ALL: 'Catalogue ad',
  CATALOG: 'Catalogue image',
  ENHANCEMENT: 'Adloom creatives',
};

const count = (value: number) => value.toLocaleString('en-GB');

/**
 * Catalogue ads: who each is, which kind (plain catalogue image or Adloom creatives) and which feed, the
 * products it delivered and its results, with a totals row (no products total: ads share products). With `feeds`, each row says what the ad shows
 * in a Select that saves it.
 */
export function DpaAdsTable({
  title,
  rows,
  total,
  currency,
  feeds,
  onFeedSaved,
  fileName,
}: {
  title: string;
  rows: readonly DpaAdRow[];
  total: DpaValues;
  currency: string | null;
  /** The workspace's feeds: each row gets a "Shows" Select; without them, the feed's name. */
  feeds?: readonly { id: string; name: string }[] | null;
  onFeedSaved?: () => void;
  fileName: string;
}) {
  const columns: DashboardColumn<DpaAdRow>[] = [
    {
      key: 'ad',
      title: 'Ad',
      csvLabel: 'Ad',
      value: (row) => row.ad.name,
      render: (row) => <AdIdentity ad={row.ad} />,
      footer: <Text fw={700}>Total ({count(rows.length)} ads)</Text>,
    },
    {
      key: 'kind',
      title: 'Kind',
      csvLabel: 'Kind',
      value: (row) => KIND_LABEL[row.kind],
      render: (row) => (
        <Badge variant="light" color={row.kind === 'ENHANCEMENT' ? 'violet' : 'gray'}>
          {KIND_LABEL[row.kind]}
        </Badge>
      ),
    },
    {
      key: 'feed',
      title: feeds ? 'Shows' : 'Feed',
      csvLabel: 'Feed',
      value: (row) => row.feedName,
      render: (row) =>
        feeds ? (
          <CatalogAdFeedSelect
            key={`${row.ad.id}:${row.feedId ?? ''}`}
            adId={row.ad.id}
            adName={row.ad.name}
            kind={row.kind}
            feedId={row.feedId}
            feedName={row.feedName}
            feeds={feeds}
            onSaved={() => onFeedSaved?.()}
          />
        ) : (
          (row.feedName ?? '–')
        ),
    },
    {
      key: 'products',
      title: 'Products delivered',
      csvLabel: 'Products delivered',
      value: (row) => row.products,
      render: (row) => count(row.products),
      textAlign: 'right',
    },
    ...metricColumns<DpaAdRow>(METRICS, (row) => row.values, currency).map((column) => ({
      ...column,
      footer: (
        <Text fw={700}>
          {formatMetric(column.key as MetricKey, total[column.key as MetricKey], currency)}
        </Text>
      ),
    })),
  ];
  return (
    <DashboardTable
      title={title}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.ad.id}
      fileName={fileName}
      defaultSort={{ column: 'spend', direction: 'desc' }}
    />
  );
}
