import { Paper, Stack, Text, Title } from '@mantine/core';
import {
  countOf,
  type FeatureExtraction,
  type FeatureMetric,
  metricInSentence,
} from './model/featureEffects';

/** Why there is no feature to show: features still being read, no ad in the range, or none known. */
export function FeaturesEmptyState({
  report,
  metric,
}: {
  report: { adsAnalysed: number; adsWithoutFeatures: number; extraction: FeatureExtraction };
  metric: FeatureMetric;
}) {
  const [title, text] =
    report.extraction.pending > 0
      ? [
          'Reading the features of your creatives',
          'Each creative is read once: its template (layout, logo, texts, dynamic images) and its image (colours, brightness, text). The features and their effect appear here as they are read.',
        ]
      : report.adsAnalysed === 0 && report.adsWithoutFeatures > 0
        ? [
            'No ad of this range has known features',
            `${countOf(report.adsWithoutFeatures, 'ad')} spent in this range, but their creatives could not be read (videos without an image, or images that could not be fetched).`,
          ]
        : report.adsAnalysed === 0
          ? ['No ad spent in this range', 'Pick a longer range, or clear the filters.']
          : [
              'No feature to compare',
              `The analysed ads share no feature whose effect on ${metricInSentence(metric)} could be measured.`,
            ];
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text c="dimmed" maw={640}>
          {text}
        </Text>
      </Stack>
    </Paper>
  );
}
