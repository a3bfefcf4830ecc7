import { Skeleton, Stack } from '@mantine/core';
import { useQuery } from 'urql';
import { QueryState } from '../../../../components/QueryState';
import type { ClientScreenProps } from '../../../clients';
import { dashboardQueryContext } from '../../api/queryContext';
import type { DashboardScope } from '../../components/DashboardShell';
import { DpaAdsQuery } from '../api/dpaAds';
import { EnhancementLiftByTemplateQuery, EnhancementLiftQuery } from '../api/enhancementLift';
import { DpaShell } from '../DpaShell';
import { useDpaPageUrl } from '../useDpaPageUrl';
import { noComparisonReason } from '../model/lift';
import { EnhancementLiftCard } from './EnhancementLiftCard';
import { KindSummary } from './KindSummary';
import { TemplateLiftTable } from './TemplateLiftTable';

/** `/dashboard/dpa-performance/`: did our creatives beat the plain catalogue, per template and category. */
export function DpaOverviewScreen({ route }: ClientScreenProps) {
  return (
    <DpaShell
      route={route}
      description="Catalogue ads broken down by product: whether Adloom creatives beat the plain catalogue image on the same items, and which templates do."
    >
      {(scope) => <DpaOverviewContent scope={scope} />}
    </DpaShell>
  );
}

function DpaOverviewContent({ scope }: { scope: DashboardScope }) {
  const { query, filter, clientId, currency } = scope;
  const variables = { from: query.range.from, to: query.range.to, filter };
  const [lift] = useQuery({ query: EnhancementLiftQuery, variables, context: dashboardQueryContext });
  const [byTemplate] = useQuery({
    query: EnhancementLiftByTemplateQuery,
    variables,
    context: dashboardQueryContext,
  });
  const [ads] = useQuery({
    query: DpaAdsQuery,
    variables: { ...variables, kind: 'ALL' },
    context: dashboardQueryContext,
  });
  const pageUrl = useDpaPageUrl(clientId);
  const adRows = ads.data?.dpaAds.rows;
  const shownCurrency = ads.data?.dpaAds.currency ?? currency;

  return (
    <Stack gap="md">
      {adRows ? (
        <KindSummary rows={adRows} currency={shownCurrency} pageUrl={pageUrl} />
      ) : ads.error ? (
        <QueryState error={ads.error} />
      ) : (
        <Skeleton h={110} radius="md" />
      )}
      {lift.data ? (
        <EnhancementLiftCard
          lift={lift.data.enhancementLift}
          reason={adRows ? noComparisonReason(adRows) : null}
          adsUrl={pageUrl('ads')}
          currency={shownCurrency}
        />
      ) : lift.error ? (
        <QueryState error={lift.error} />
      ) : (
        <Skeleton h={260} radius="md" />
      )}
      {byTemplate.data ? (
        <TemplateLiftTable clientId={clientId} templates={byTemplate.data.enhancementLiftByTemplate} />
      ) : byTemplate.error ? (
        <QueryState error={byTemplate.error} />
      ) : (
        <Skeleton h={200} radius="md" />
      )}
    </Stack>
  );
}
