import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import type { ClientScreenProps } from '../../clients';
import { type DashboardScope, DashboardShell } from '../components/DashboardShell';
import { AnalysisSummary } from './AnalysisSummary';
import { ExtractionProgress } from './ExtractionProgress';
import { FeatureMetricControl } from './FeatureMetricControl';
import { FeaturesEmptyState } from './FeaturesEmptyState';
import { LiftIntervalList } from './LiftIntervalList';
import {
  type EstimatedEffect,
  featureListPath,
  featureMetricParam,
  liftScale,
  metricInSentence,
  strongestFeatures,
} from './model/featureEffects';
import { useCreativeFeatures } from './useCreativeFeatures';

/** How many features each side of the compact view shows. */
const SHOWN = 5;

/** `/dashboard/creative-features/`: the features that raise and lower the metric most, and a link to them all. */
export function CreativeFeaturesDashboardScreen({ route }: ClientScreenProps) {
  return (
    <DashboardShell
      route={route}
      withComparison={false}
      description="The creative features that go with the biggest rise and the biggest fall of a metric, among those whose effect is significant."
    >
      {(scope) => <CompactContent scope={scope} />}
    </DashboardShell>
  );
}

function CompactContent({ scope }: { scope: DashboardScope }) {
  const { state, clientId } = scope;
  const { search } = useLocation();
  const metric = featureMetricParam(state.param('metric'));
  const { report, error } = useCreativeFeatures(scope, metric);
  const label = metricInSentence(metric);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <FeatureMetricControl
          metric={metric}
          onChange={(value) => state.setParam('metric', value === 'ctr' ? null : value)}
        />
        <Button
          component={Link}
          to={featureListPath(clientId, search)}
          variant="light"
          rightSection={<IconArrowRight size={16} />}
        >
          All creative features
        </Button>
      </Group>
      {!report ? (
        error ? (
          <QueryState error={error} />
        ) : (
          <Skeleton h={320} radius="md" />
        )
      ) : (
        <>
          <Paper withBorder radius="md" p="sm">
            <Stack gap="xs">
              <AnalysisSummary report={{ ...report, currency: report.currency ?? scope.currency }} />
              <ExtractionProgress extraction={report.extraction} />
            </Stack>
          </Paper>
          {report.features.length === 0 ? (
            <FeaturesEmptyState report={report} metric={metric} />
          ) : (
            <StrongestFeatures
              {...strongestFeatures(report.features, SHOWN)}
              label={label}
              clientId={clientId}
              search={search}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function StrongestFeatures({
  raising,
  lowering,
  label,
  clientId,
  search,
}: {
  raising: EstimatedEffect[];
  lowering: EstimatedEffect[];
  label: string;
  clientId: string;
  search: string;
}) {
  // One scale for both lists, so a long bar means the same on either side.
  const scale = liftScale([...raising, ...lowering]);
  const side = (title: string, effects: EstimatedEffect[], none: string) => (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {effects.length ? (
        <LiftIntervalList effects={effects} scale={scale} clientId={clientId} search={search} label={title} />
      ) : (
        <Text size="sm" c="dimmed">
          {none}
        </Text>
      )}
    </Paper>
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {side(`Raise ${label} most`, raising, `No feature raises ${label} significantly in this range.`)}
        {side(`Lower ${label} most`, lowering, `No feature lowers ${label} significantly in this range.`)}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Significant features only (the 95 % interval excludes no lift). Bar: 95 % interval; dot: lift; grey
        line: no lift.
      </Text>
    </>
  );
}
