import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useClient } from 'urql';
import { TemplateFeedUsageQuery } from '../api/templateFeedUsage';
import type { BuilderEditor } from '../engine/BuilderEditor';
import { feedsQuestionText, keepLabel, type FeedUsage } from './feedsQuestion';

interface Question extends FeedUsage {
  versionNumber: number | null;
}

/**
 * Saving a template that feeds use (issue 16, item 7): before the save, the template's feeds and ads are
 * counted afresh; when feeds use it, a dialog asks whether to update them. Updating (the default, focused
 * answer) saves with regenerateFeeds: the feeds' designs move to the new version and are generated again.
 * "Keep them on version N" saves without. Without feeds (or for a new template) the save goes ahead at once.
 */
export function useSaveFeedsQuestion({
  editor,
  templateId,
  knownFeeds,
  save,
}: {
  editor: BuilderEditor;
  /** The template being edited; null for a new one (no feeds can use it). */
  templateId: string | null;
  /** The feeds the loaded template listed: what is asked when the fresh count cannot be read. */
  knownFeeds: number;
  save: (options: { regenerateFeeds: boolean }) => void;
}): { requestSave: () => void; question: ReactNode } {
  const client = useClient();
  const [question, setQuestion] = useState<Question | null>(null);
  const [asking, setAsking] = useState(false);

  const requestSave = async () => {
    // A save its own rules refuse says why at once (save shows the reason), without a question first.
    if (templateId === null || asking || !editor.saveCheck().ok) {
      save({ regenerateFeeds: false });
      return;
    }
    setAsking(true);
    const result = await client
      .query(TemplateFeedUsageQuery, { id: templateId }, { requestPolicy: 'network-only' })
      .toPromise();
    setAsking(false);
    const found = result.data?.productCatalogTemplate;
    const usage: Question | null = found
      ? { ...found.feedUsage, versionNumber: found.versionNumber }
      : knownFeeds > 0
        ? { feeds: knownFeeds, ads: null, versionNumber: null }
        : null;
    if (!usage || usage.feeds === 0) save({ regenerateFeeds: false });
    else setQuestion(usage);
  };

  const answer = (regenerateFeeds: boolean) => {
    setQuestion(null);
    save({ regenerateFeeds });
  };

  return {
    requestSave: () => void requestSave(),
    question: (
      <Modal
        opened={question !== null}
        onClose={() => setQuestion(null)}
        title="Update the feeds that use this template?"
      >
        {question && (
          <Stack gap="md">
            <Text size="sm">{feedsQuestionText(question)}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => answer(false)}>
                {keepLabel(question.versionNumber)}
              </Button>
              <Button data-autofocus onClick={() => answer(true)}>
                Update feeds
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    ),
  };
}
