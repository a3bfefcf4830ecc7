import { Group, Skeleton, Stack } from '@mantine/core';
import { useLocation, useParams } from 'react-router';
import { useQuery } from 'urql';
import { QueryState } from '../../../components/QueryState';
import type { ClientScreenProps } from '../../clients';
import { dashboardQueryContext } from '../api/queryContext';
import { type DashboardScope, DashboardShell } from '../components/DashboardShell';
import { CreativeFeatureQuery } from './api/creativeFeature';
import { EffectStats } from './EffectStats';
import { FeatureAdGallery } from './FeatureAdGallery';
import { FeatureHeader } from './FeatureHeader';
import { SameAdsNote } from './SameAdsNote';
import { FeatureMetricControl } from './FeatureMetricControl';
import { FeatureNotFound } from './FeatureNotFound';
import { FeatureSeriesChart } from './FeatureSeriesChart';
import { MethodNote } from './MethodNote';
import { FEATURE_METRIC_ENUM, featureMetricParam } from './model/featureEffects';

/** How many of the feature's ads the gallery shows. */
const GALLERY_SIZE = 24;

/** `/creative-features/{id}/`: one feature's effect, its ads best first, and the metric over time with and without it. */
export function CreativeFeatureScreen({ route }: ClientScreenProps) {
  return (
    <DashboardShell
      route={route}
      withComparison={false}
      description="One feature of your creatives: its effect, its ads from best to worst, and the metric over time with and without it."
    >
      {(scope) => <FeatureContent scope={scope} />}
    </DashboardShell>
  );
}

function FeatureContent({ scope }: { scope: DashboardScope }) {
  const { query, filter, state, clientId } = scope;
  const { id = '' } = useParams();
  const { search } = useLocation();
  const metric = featureMetricParam(state.param('metric'));
  const [{ data, error }] = useQuery({
    query: CreativeFeatureQuery,
    variables: {
      id,
      from: query.range.from,
      to: query.range.to,
      metric: FEATURE_METRIC_ENUM[metric],
      limit: GALLERY_SIZE,
      filter,
    },
    context: dashboardQueryContext,
  });

  if (!data) return error ? <QueryState error={error} /> : <Skeleton h={480} radius="md" />;
  const detail = data.creativeFeature;
  if (!detail) return <FeatureNotFound featureId={id} clientId={clientId} />;
  const currency = detail.currency ?? scope.currency;
  const { feature } = detail.effect;

  return (
    <Stack gap="md">
      <FeatureHeader feature={feature} clientId={clientId} search={search} />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <FeatureMetricControl
          metric={metric}
          onChange={(value) => state.setParam('metric', value === 'ctr' ? null : value)}
        />
        <MethodNote method={detail.method} />
      </Group>
      <EffectStats effect={detail.effect} metric={metric} currency={currency} />
      <SameAdsNote label={feature.label} ids={detail.effect.sameAdsAs} />
      <FeatureAdGallery
        ads={detail.ads}
        adsWith={detail.effect.adsWith}
        metric={metric}
        currency={currency}
      />
      <FeatureSeriesChart
        series={detail.series}
        metric={metric}
        currency={currency}
        featureLabel={feature.label}
      />
    </Stack>
  );
}
