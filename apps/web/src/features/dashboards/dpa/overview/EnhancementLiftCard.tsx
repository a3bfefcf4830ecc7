import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MetricLabel } from '../../components/MetricLabel';
import { formatChange, formatMetric, TONE_COLOR } from '../../model/metricFormat';
import {
  formatInterval,
  LIFT_METRICS,
  type Lift,
  type LiftMetric,
  liftOf,
  liftScale,
  liftVerdict,
  type NoComparisonReason,
} from '../model/lift';
import { LiftBar, SignificanceBadge } from './LiftBar';

const count = (value: number) => value.toLocaleString('en-GB');

const MARK_ADS = 'Mark which ads show Adloom creatives';

/** Why no item was compared, and what to do about it. */
export const NO_COMPARISON: Record<NoComparisonReason, { title: string; text: string; fix: string | null }> =
  {
    'no-delivery': {
      title: 'No catalogue ad delivered a product in this range',
      text: 'Lift compares the same items shown with Adloom creatives and with the plain catalogue image, read from Meta’s product breakdown of catalogue ads. None was delivered in these days with these filters.',
      fix: null,
    },
    'no-catalog': {
      title: 'No catalogue ad shows the plain catalogue image',
      text: 'Every catalogue ad delivered in this range shows Adloom creatives, so there is nothing to compare them with. If some of them show the plain catalogue image, set “Shows” to “Catalogue image” on the Ads tab.',
      fix: MARK_ADS,
    },
    'no-enhancement': {
      title: 'No catalogue ad is known to show Adloom creatives',
      text: 'Ads imported from an export or made in Ads Manager cannot tell which feed’s images they show, so they count as the plain catalogue image. On the Ads tab, set “Shows” to the feed whose Adloom creatives each ad uses.',
      fix: MARK_ADS,
    },
    'no-overlap': {
      title: 'No item was delivered by both kinds of ads',
      text: 'Ads with Adloom creatives and ads with the plain catalogue image delivered different items in this range, and lift is measured on the same items only. Widen the range, or let both kinds of ads draw on the same product set.',
      fix: MARK_ADS,
    },
  };

/**
 * Did our creatives beat the plain catalogue? For CTR, CVR and ROAS: the value of Adloom creatives and of
 * the plain catalogue image on the same items, the lift with its 95 % interval and whether it is
 * significant, the number of items compared and the method; or why nothing could be compared.
 */
export function EnhancementLiftCard({
  lift,
  reason,
  adsUrl,
  currency,
}: {
  lift: Lift;
  /** Why no item was compared (when none was); null while it is not known yet. */
  reason: NoComparisonReason | null;
  adsUrl: string;
  currency: string | null;
}) {
  const headingId = 'enhancement-lift-title';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} fz="md" id={headingId}>
          Enhancement lift: Adloom creatives against the plain catalogue image
        </Title>
        {lift.itemsCompared === 0 ? (
          <NoComparison reason={reason} adsUrl={adsUrl} />
        ) : (
          <>
            <LiftMetrics lift={lift} currency={currency} />
            <Text size="sm">
              <b>{count(lift.itemsCompared)}</b> {lift.itemsCompared === 1 ? 'item' : 'items'} compared
              (delivered by both kinds of ads) · spend on them: Adloom creatives{' '}
              {formatMetric('spend', lift.enhancementSpend, currency)}, catalogue image{' '}
              {formatMetric('spend', lift.catalogSpend, currency)}
            </Text>
            <Text size="xs" c="dimmed">
              {lift.method}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function LiftMetrics({ lift, currency }: { lift: Lift; currency: string | null }) {
  const metrics = LIFT_METRICS.map(({ value, key }) => ({ key, metric: liftOf(lift, value) }));
  const scale = liftScale(metrics.map((m) => m.metric));
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      {metrics.map(({ key, metric }) => (
        <Stack key={key} gap={6} aria-label={`${key.toUpperCase()} lift`} role="group">
          <Group justify="space-between" gap="xs">
            <MetricLabel metric={key} size="sm" />
            <SignificanceBadge metric={metric} />
          </Group>
          <LiftValue metric={metric} />
          {metric && <LiftBar metric={metric} scale={scale} />}
          <Text size="xs">95 % interval: {formatInterval(metric?.low ?? null, metric?.high ?? null)}</Text>
          <Text size="sm">
            Adloom creatives <b>{formatMetric(key, metric?.enhancement, currency)}</b> · catalogue image{' '}
            <b>{formatMetric(key, metric?.catalog, currency)}</b>
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function LiftValue({ metric }: { metric: LiftMetric | undefined }) {
  const verdict = liftVerdict(metric);
  const color = verdict === 'better' ? TONE_COLOR.good : verdict === 'worse' ? TONE_COLOR.bad : undefined;
  return (
    <Text fz={28} fw={700} lh={1.1} c={color}>
      {formatChange(metric?.lift)}
    </Text>
  );
}

function NoComparison({ reason, adsUrl }: { reason: NoComparisonReason | null; adsUrl: string }) {
  const explained = reason ? NO_COMPARISON[reason] : null;
  // While the reason is not known yet, marking the ads is the likeliest way to a comparison.
  const fix = explained ? explained.fix : MARK_ADS;
  return (
    <Alert color="yellow" variant="light" title={explained?.title ?? 'No item was compared'}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {explained?.text ??
            'Lift compares the same items shown with Adloom creatives and with the plain catalogue image; no item was delivered by both in this range.'}
        </Text>
        {fix && (
          <Button
            component={Link}
            to={adsUrl}
            size="xs"
            variant="light"
            rightSection={<IconArrowRight size={14} />}
          >
            {fix}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
