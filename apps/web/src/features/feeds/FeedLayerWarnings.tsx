import { Alert, List, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEyeExclamation } from '@tabler/icons-react';
import type { ResultOf, VariablesOf } from 'gql.tada';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import {
  DraftFeedLayerWarningsQuery,
  FeedLayerWarningsQuery,
  type LayerWarningsFields,
} from './api/feedLayerWarnings';
import type { FeedDesignInput } from './feedDraft';
import { formatNumber } from './feedFormat';

/** An answer of feedLayerWarnings or draftFeedLayerWarnings. */
export type LayerWarningsAnswer = ResultOf<typeof LayerWarningsFields>;

/** Read again when the feed or its designs change (a design moved to another template version). */
const context = { additionalTypenames: ['Feed', 'FeedDesign'] };

/** How long the forms wait after the last change before they count again. */
export const DRAFT_WARNINGS_DEBOUNCE_MS = 400;

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The lines of the warning: one per layer, with its template's name when they come from several designs. */
export function layerWarningLines(answer: LayerWarningsAnswer): string[] {
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
 * The warning before generating: each layer that will be empty or hidden in some of the ads ("The rating
 * layer will be empty for 20 of 20 items (this catalogue has no rating column)."), counted by the server
 * over the feed's items (the first 5,000 when there are more, which it says). Nothing when every layer
 * shows for every item. The feed page's (SavedFeedLayerWarnings) and the feed forms' (DraftLayerWarnings).
 */
export function FeedLayerWarnings({ answer }: { answer: LayerWarningsAnswer | null | undefined }) {
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

/** The feed page's warning, over the saved feed's items and designs. */
export function SavedFeedLayerWarnings({ feedId }: { feedId: string }) {
  // Counted afresh on each visit: the catalogue may have changed since (cache-and-network).
  const [{ data }] = useQuery({
    query: FeedLayerWarningsQuery,
    variables: { feedId },
    context,
    requestPolicy: 'cache-and-network',
  });
  return <FeedLayerWarnings answer={data?.feedLayerWarnings} />;
}

/**
 * The new feed form's (and the edit form's) warning while it is filled in, before "Create feed" starts
 * generating: counted DRAFT_WARNINGS_DEBOUNCE_MS after the product set or the designs last changed, over
 * the set's items; nothing while there is no set or `designs` is null (warningDesignInputs).
 */
export function DraftLayerWarnings({
  productSetId,
  designs,
}: {
  productSetId: string | null;
  designs: readonly FeedDesignInput[] | null;
}) {
  const draft = productSetId && designs ? JSON.stringify({ productSetId, designs }) : null;
  const [debounced] = useDebouncedValue(draft, DRAFT_WARNINGS_DEBOUNCE_MS);
  const variables = useMemo(
    () =>
      debounced
        ? (JSON.parse(debounced) as VariablesOf<typeof DraftFeedLayerWarningsQuery>)
        : { productSetId: '', designs: [] },
    [debounced],
  );
  const [{ data }] = useQuery({
    query: DraftFeedLayerWarningsQuery,
    variables,
    pause: debounced === null,
    requestPolicy: 'cache-and-network',
  });
  // urql keeps the last answer while the next is counted; a draft the server refuses shows nothing.
  return <FeedLayerWarnings answer={draft === null ? null : data?.draftFeedLayerWarnings} />;
}
