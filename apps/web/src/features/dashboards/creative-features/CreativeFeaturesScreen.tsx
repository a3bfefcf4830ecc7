import { Group, Paper, Select, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import type { ResultOf } from 'gql.tada';
import { useLocation } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import type { ClientScreenProps } from '../../clients';
import { type DashboardScope, DashboardShell } from '../components/DashboardShell';
import { AnalysisSummary } from './AnalysisSummary';
import type { CreativeFeaturesQuery } from './api/creativeFeatures';
import { ExtractionProgress } from './ExtractionProgress';
import { FeatureEffectTable } from './FeatureEffectTable';
import { FeatureMetricControl } from './FeatureMetricControl';
import { FeaturesEmptyState } from './FeaturesEmptyState';
import { LiftIntervalList } from './LiftIntervalList';
import {
  type FeatureMetric,
  featureGroups,
  featureMetricParam,
  isEstimated,
  liftScale,
  metricInSentence,
} from './model/featureEffects';
import { useCreativeFeatures } from './useCreativeFeatures';

type FeaturesReport = ResultOf<typeof CreativeFeaturesQuery>['creativeFeatures'];

/** `/creative-features/`: every feature of the analysed creatives with its effect on CTR, CVR or ROAS. */
export function CreativeFeaturesScreen({ route }: ClientScreenProps) {
  return (
    <DashboardShell
      route={route}
      withComparison={false}
      description="What in a creative goes with better results: each feature Adloom knows of your ads (from the template it was made with, or from its image), with the lift of ads that have it."
    >
      {(scope) => <CreativeFeaturesContent scope={scope} />}
    </DashboardShell>
  );
}

function CreativeFeaturesContent({ scope }: { scope: DashboardScope }) {
  const { state } = scope;
  const metric = featureMetricParam(state.param('metric'));
  const { report, error } = useCreativeFeatures(scope, metric);
  const groups = report ? featureGroups(report.features) : [];
  const group = groups.find((name) => name === state.param('group')) ?? null;
  const significantOnly = state.param('significant') === 'yes';

  return (
    <Stack gap="md">
      <Group gap="lg" align="flex-start" wrap="wrap">
        <FeatureMetricControl
          metric={metric}
          onChange={(value) => state.setParam('metric', value === 'ctr' ? null : value)}
        />
        <Select
          label="Feature group"
          placeholder="All groups"
          data={groups}
          value={group}
          clearable
          w={220}
          onChange={(value) => state.setParam('group', value)}
        />
        <Switch
          label="Significant only"
          checked={significantOnly}
          mt={30}
          onChange={(event) => state.setParam('significant', event.currentTarget.checked ? 'yes' : null)}
        />
      </Group>
      {!report ? (
        error ? (
          <QueryState error={error} />
        ) : (
          <Skeleton h={420} radius="md" />
        )
      ) : (
        <FeaturesBody
          report={report}
          metric={metric}
          group={group}
          significantOnly={significantOnly}
          scope={scope}
        />
      )}
    </Stack>
  );
}

function FeaturesBody({
  report,
  metric,
  group,
  significantOnly,
  scope,
}: {
  report: FeaturesReport;
  metric: FeatureMetric;
  group: string | null;
  significantOnly: boolean;
  scope: DashboardScope;
}) {
  const { search } = useLocation();
  const currency = report.currency ?? scope.currency;
  const shown = report.features.filter(
    (effect) => (!group || effect.feature.group === group) && (!significantOnly || effect.significant),
  );
  const significant = shown
    .filter((effect) => effect.significant)
    .filter(isEstimated)
    .sort((a, b) => b.lift - a.lift);
  const label = metricInSentence(metric);

  return (
    <>
      <Paper withBorder radius="md" p="sm">
        <Stack gap="xs">
          <AnalysisSummary report={{ ...report, currency }} />
          <ExtractionProgress extraction={report.extraction} />
        </Stack>
      </Paper>
      {report.features.length === 0 ? (
        <FeaturesEmptyState report={report} metric={metric} />
      ) : (
        <>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="significant-features">
            <Title order={2} fz="md" id="significant-features" mb={4}>
              Features with a significant effect on {label}
            </Title>
            <Text size="xs" c="dimmed" mb="sm">
              Bar: 95 % interval of the lift; dot: the lift; grey line: no lift.
            </Text>
            {significant.length ? (
              <LiftIntervalList
                effects={significant}
                scale={liftScale(significant)}
                clientId={scope.clientId}
                search={search}
                label={`Significant features by lift on ${label}`}
              />
            ) : (
              <Text size="sm" c="dimmed">
                No feature{group ? ` of ${group}` : ''} has a significant effect on {label} in this range:
                every interval includes no lift. More ads and spend narrow the intervals.
              </Text>
            )}
          </Paper>
          <FeatureEffectTable
            effects={shown}
            metric={metric}
            currency={currency}
            clientId={scope.clientId}
            search={search}
            scale={liftScale(shown)}
          />
        </>
      )}
    </>
  );
}
