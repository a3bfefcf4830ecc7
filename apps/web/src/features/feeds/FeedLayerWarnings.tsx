import { Alert, List, Text } from '@mantine/core';
import { IconEyeExclamation } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import { useQuery } from 'urql';
import { FeedLayerWarningsQuery } from './api/feedLayerWarnings';
import { formatNumber } from './feedFormat';

type Answer = ResultOf<typeof FeedLayerWarningsQuery>['feedLayerWarnings'];

/** Read again when the feed or its designs change (a design moved to another template version). */
const context = { additionalTypenames: ['Feed', 'FeedDesign'] };

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The lines of the warning: one per layer, with its template's name when they come from several designs. */
export function layerWarningLines(answer: Answer): string[] {
  const templates = new Set(answer.warnings.map((warning) => warning.designId));
  return [
    ...answer.warnings.map((warning) => {
      const where = templates.size > 1 ? `${warning.templateName}: ` : '';
      return `${where}${sentence(warning.message)} (${warning.detail}).`;
    }),
    ...answer.unreadable.map((design) => `${design.templateName}: ${design.error}.`),
  ];
}

/**
 * The feed page's warning before generating: each layer that will be empty or hidden in some of the ads
 * ("The rating layer will be empty for 20 of 20 items (this catalogue has no rating column)."), counted
 * by the server over the feed's items (the first 5,000 when there are more, which it says). Nothing when
 * every layer shows for every item.
 */
export function FeedLayerWarnings({ feedId }: { feedId: string }) {
  // Counted afresh on each visit: the catalogue may have changed since (cache-and-network).
  const [{ data }] = useQuery({
    query: FeedLayerWarningsQuery,
    variables: { feedId },
    context,
    requestPolicy: 'cache-and-network',
  });
  const answer = data?.feedLayerWarnings;
  if (!answer) return null;
  const lines = layerWarningLines(answer);
  if (lines.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconEyeExclamation size={18} />}
      title="Some layers will not show in every ad"
      // A standing note of the page, named by its title; not an alert that interrupts.
      role="region"
    >
      <List size="sm" spacing={4}>
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      {answer.checkedItems < answer.itemTotal && (
        <Text size="xs" c="dimmed" mt="xs">
          Counted over the first {formatNumber(answer.checkedItems)} of {formatNumber(answer.itemTotal)}{' '}
          items.
        </Text>
      )}
    </Alert>
  );
}
