import { Alert, Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { clientUrl } from '../../../../app/routes';
import { QueryState } from '../../../../components/QueryState';
import type { ClientScreenProps } from '../../../clients';
import { dashboardQueryContext } from '../../api/queryContext';
import type { DashboardScope } from '../../components/DashboardShell';
import { DpaAdsQuery } from '../api/dpaAds';
import { DpaFeedsQuery } from '../api/dpaFeeds';
import { DpaShell } from '../DpaShell';
import type { DpaPage } from '../model/dpaPages';
import { DpaAdsTable } from './DpaAdsTable';

const DESCRIPTIONS = {
  ALL: 'Every catalogue (dynamic product) ad: the plain catalogue image or Adloom creatives, the products it delivered and its results.',
  CATALOG: 'Catalogue ads that show the plain catalogue image.',
  ENHANCEMENT: 'Catalogue ads that show Adloom creatives: the images of a feed generated from a template.',
} as const;

const TITLES = {
  ALL: 'Catalogue ads',
  CATALOG: 'Ads showing the catalogue image',
  ENHANCEMENT: 'Ads showing Adloom creatives',
} as const;

/** `/dashboard/dpa-performance/ads/`, `catalog_ads/` and `enhancement_ads/`: catalogue ads of one kind. */
export function DpaAdsScreen({ route }: ClientScreenProps) {
  return (
    <DpaShell route={route} description="Catalogue ads, what they show and what they delivered.">
      {(scope, page) => <DpaAdsContent scope={scope} page={page} />}
    </DpaShell>
  );
}

function DpaAdsContent({ scope, page }: { scope: DashboardScope; page: DpaPage }) {
  const kind = page.kind ?? 'ALL';
  const { query, filter } = scope;
  const [{ data, error }, reexecute] = useQuery({
    query: DpaAdsQuery,
    variables: { from: query.range.from, to: query.range.to, kind, filter },
    context: dashboardQueryContext,
  });
  // Enhancement ads already name their feed; the others say which one they show, when they show one.
  const editable = kind !== 'ENHANCEMENT';
  const [feeds] = useQuery({ query: DpaFeedsQuery, pause: !editable });
  const report = data?.dpaAds;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {DESCRIPTIONS[kind]}
      </Text>
      {editable && (
        <Alert variant="light" color="blue" title="Which ads show Adloom creatives?">
          <Text size="sm">
            Ads published from an Adloom feed are known. An ad imported from an Ads Manager export, or made in
            Ads Manager on a feed’s catalogue, cannot tell: choose in “Shows” the feed whose creatives it
            uses, and the lift on the overview compares it with the plain catalogue image.
          </Text>
          {feeds.data?.feeds.length === 0 && (
            <Text size="sm" mt="xs">
              This workspace has no feed yet, so every catalogue ad shows the catalogue image. A feed makes
              Adloom creatives of a product set with a template:{' '}
              <Anchor component={Link} to={clientUrl(scope.clientId, 'products/')} size="sm">
                create one in Products
              </Anchor>
              .
            </Text>
          )}
        </Alert>
      )}
      {!report ? (
        error ? (
          <QueryState error={error} />
        ) : (
          <Skeleton h={360} radius="md" />
        )
      ) : (
        <DpaAdsTable
          title={TITLES[kind]}
          rows={report.rows}
          total={report.total}
          currency={report.currency ?? scope.currency}
          feeds={editable ? (feeds.data?.feeds ?? []) : null}
          onFeedSaved={() => reexecute({ requestPolicy: 'network-only' })}
          fileName={`dpa-${page.key}.csv`}
        />
      )}
    </Stack>
  );
}
