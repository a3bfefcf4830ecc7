import { creativeFeatureInfo } from '@adloom/commerce';
import { Alert, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';

/** The labels of features named by id (an id the list does not know is shown as it is). */
export function featureLabels(ids: readonly string[]): string {
  const labels = ids.map((id) => creativeFeatureInfo(id)?.label ?? id);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/** Under a feature in the list: the features exactly the same ads have (their lifts are one estimate). */
export function SameAdsLine({ ids }: { ids: readonly string[] }) {
  if (ids.length === 0) return null;
  return (
    <Text size="xs" c="dimmed">
      Same ads as {featureLabels(ids)}
    </Text>
  );
}

/** On one feature's page: why its lift may belong to another feature as much as to this one. */
export function SameAdsNote({ label, ids }: { label: string; ids: readonly string[] }) {
  if (ids.length === 0) return null;
  return (
    <Alert variant="light" color="yellow" icon={<IconLink size={18} />} title="Always together">
      Every analysed ad with {label} also has {featureLabels(ids)}, and no other ad does: the lift is theirs
      as much as its own, and these ads cannot tell which of them moves the metric. Test them apart (one
      template with, one without) to know.
    </Alert>
  );
}
