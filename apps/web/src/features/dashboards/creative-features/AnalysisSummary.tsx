import { Group, Text } from '@mantine/core';
import { formatMetric } from '../model/metricFormat';
import { MethodNote } from './MethodNote';
import { countOf } from './model/featureEffects';

/** The line above the features: how many ads the figures rest on, how many are left out, and the method. */
export function AnalysisSummary({
  report,
}: {
  report: {
    adsAnalysed: number;
    adsWithoutFeatures: number;
    spendAnalysed: number;
    currency: string | null;
    method: string;
    winnerDefinition: string;
  };
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="sm">
        <b>{countOf(report.adsAnalysed, 'ad')} analysed</b> (
        {formatMetric('spend', report.spendAnalysed, report.currency)} spent),{' '}
        {countOf(report.adsWithoutFeatures, 'ad')} without known features.
      </Text>
      <MethodNote method={report.method} winnerDefinition={report.winnerDefinition} />
    </Group>
  );
}
