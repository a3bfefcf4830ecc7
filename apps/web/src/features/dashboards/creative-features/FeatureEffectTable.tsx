import { METRICS } from '@adloom/commerce';
import { Anchor, Badge, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { type DashboardColumn, DashboardTable } from '../components/DashboardTable';
import { MetricLabel } from '../components/MetricLabel';
import { formatMetric } from '../model/metricFormat';
import { HelpLabel } from './HelpLabel';
import { LiftBar } from './LiftBar';
import { SameAdsLine } from './SameAdsNote';
import {
  type FeatureEffect,
  type FeatureMetric,
  featurePath,
  formatInterval,
  formatLift,
  formatShare,
  isEstimated,
  metricInSentence,
} from './model/featureEffects';

/**
 * Every feature with its effect on the chosen metric: how many ads have it and their share of the spend,
 * the metric with and without it, the lift from the regression with its 95 % interval, and the hit rate.
 * Each feature links to its page.
 */
export function FeatureEffectTable({
  effects,
  metric,
  currency,
  clientId,
  search,
  scale,
}: {
  effects: readonly FeatureEffect[];
  metric: FeatureMetric;
  currency: string | null;
  clientId: string;
  /** The page's query (range, filters, metric), kept by the links to each feature. */
  search: string;
  scale: { min: number; max: number };
}) {
  const label = METRICS[metric].label;
  const columns: DashboardColumn<FeatureEffect>[] = [
    {
      key: 'feature',
      title: 'Feature',
      csvLabel: 'Feature',
      value: (row) => row.feature.label,
      render: (row) => (
        <Stack gap={0}>
          <Tooltip label={row.feature.description} multiline w={280} withArrow openDelay={300}>
            <Anchor component={Link} to={featurePath(clientId, row.feature.id, search)} size="sm" fw={600}>
              {row.feature.label}
            </Anchor>
          </Tooltip>
          <SameAdsLine ids={row.sameAdsAs} />
        </Stack>
      ),
    },
    {
      key: 'lift',
      title: (
        <HelpLabel
          label="Lift"
          help={`How much higher (or lower) ${metricInSentence(metric)} is with the feature, from the regression that controls for campaign and spend.`}
        />
      ),
      csvLabel: `Lift (${label})`,
      value: (row) => row.lift,
      render: (row) => (
        <Stack gap={2} align="flex-end">
          <Text size="sm" fw={row.significant ? 700 : undefined}>
            {formatLift(row.lift)}
          </Text>
          {row.significant && (
            <Badge
              size="xs"
              variant="light"
              color={(row.lift ?? 0) >= 0 ? 'teal' : 'red'}
              // A badge may shrink to an ellipsis; the table gives this column room for the whole word.
              style={{ minWidth: 'max-content' }}
            >
              Significant
            </Badge>
          )}
        </Stack>
      ),
      textAlign: 'right',
    },
    {
      key: 'interval',
      title: (
        <HelpLabel
          label="95 % interval"
          help="Where the lift lies with 95 % confidence. An interval that does not cross the grey line (no lift) is significant. Sorted by its lower bound."
        />
      ),
      csvLabel: 'Lift 95 % interval, low',
      value: (row) => row.liftLow,
      render: (row) =>
        isEstimated(row) ? (
          <Stack gap={2} miw={160}>
            <LiftBar lift={row.lift} low={row.liftLow} high={row.liftHigh} scale={scale} />
            <Text size="xs" c="dimmed">
              {formatInterval(row.liftLow, row.liftHigh)}
            </Text>
          </Stack>
        ) : (
          <Text size="xs" c="dimmed">
            Not enough ads to estimate
          </Text>
        ),
    },
    {
      key: 'valueWith',
      title: (
        <>
          <MetricLabel metric={metric} /> with
        </>
      ),
      csvLabel: `${label} with`,
      value: (row) => row.valueWith,
      render: (row) => formatMetric(metric, row.valueWith, currency),
      textAlign: 'right',
    },
    {
      key: 'valueWithout',
      title: (
        <>
          <MetricLabel metric={metric} /> without
        </>
      ),
      csvLabel: `${label} without`,
      value: (row) => row.valueWithout,
      render: (row) => formatMetric(metric, row.valueWithout, currency),
      textAlign: 'right',
    },
    {
      key: 'hitRate',
      title: <HelpLabel label="Hit rate" help="The share of the ads with the feature that became winners." />,
      csvLabel: 'Hit rate',
      value: (row) => row.hitRate,
      render: (row) => (
        <Tooltip label={`${row.winnersWith} winners`} disabled={row.hitRate == null}>
          <Text size="sm" span>
            {formatShare(row.hitRate)}
          </Text>
        </Tooltip>
      ),
      textAlign: 'right',
    },
    {
      key: 'adsWith',
      title: (
        <HelpLabel
          label="Ads with"
          help="Analysed ads whose creative has the feature, of all analysed ads."
        />
      ),
      csvLabel: 'Ads with',
      value: (row) => row.adsWith,
      render: (row) => (
        <Text size="sm" span>
          {row.adsWith}
          <Text span size="xs" c="dimmed">
            {' '}
            of {row.adsWith + row.adsWithout}
          </Text>
        </Text>
      ),
      textAlign: 'right',
    },
    {
      key: 'spendShare',
      title: (
        <HelpLabel
          label="Spend share"
          help="The spend of the ads with the feature, of the spend of every analysed ad."
        />
      ),
      csvLabel: 'Spend share',
      value: (row) => row.spendShare,
      render: (row) => (
        <Stack gap={2} miw={80}>
          <Text size="sm" ta="right">
            {formatShare(row.spendShare)}
          </Text>
          <Progress value={row.spendShare * 100} size="xs" color="gray" aria-hidden />
        </Stack>
      ),
      textAlign: 'right',
    },
    {
      key: 'group',
      title: 'Group',
      csvLabel: 'Group',
      value: (row) => row.feature.group,
    },
  ];
  return (
    <DashboardTable
      title="Features and their effect"
      columns={columns}
      rows={effects}
      rowKey={(row) => row.feature.id}
      fileName={`creative-features-${metric}.csv`}
      defaultSort={{ column: 'lift', direction: 'desc' }}
    />
  );
}
