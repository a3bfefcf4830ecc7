import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { mutationFailure } from '../../lib/graphqlErrors';
import { UpdateFeedMutation } from './api/updateFeed';
import { DesignList } from './DesignList';
import { feedsContext, type FeedDetail, type FeedTemplate } from './feed';
import {
  designDraftOf,
  designInputs,
  feedNameError,
  itemFilterError,
  MAX_FEED_NAME_LENGTH,
} from './feedDraft';
import { formatItems, parseSlotFeatures } from './feedFormat';
import type { NewFeedValues } from './newFeedForm';
import { useTemplatesById } from './useTemplatesById';

/**
 * The feed page's "Edit designs": the feed's name and its designs (template, slot features, item filter
 * with the product-set rule editor, order). A design whose template is not changed stays on the version
 * it uses. Saving regenerates the feed.
 */
export function EditFeedDesignsModal({
  feed,
  opened,
  onClose,
}: {
  feed: FeedDetail;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Edit designs: ${feed.name}`} size="xl">
      {/* Mounted only while open, so each opening starts from the feed as it is. */}
      {opened && <EditFeedDesignsLoader feed={feed} onClose={onClose} />}
    </Modal>
  );
}

/** Every template (a design may be on an archived one), then the form. */
function EditFeedDesignsLoader({ feed, onClose }: { feed: FeedDetail; onClose: () => void }) {
  const templates = useTemplatesById();
  if (templates.error)
    return (
      <Alert color="red" variant="light">
        The templates could not be loaded. Close this window and try again.
      </Alert>
    );
  if (!templates.loaded) return <Text c="dimmed">Loading the templates…</Text>;
  const all = [...templates.byId.values()];
  return (
    <EditFeedDesignsForm
      feed={feed}
      offered={all.filter((template) => !template.archived)}
      all={all}
      onClose={onClose}
    />
  );
}

function EditFeedDesignsForm({
  feed,
  offered,
  all,
  onClose,
}: {
  feed: FeedDetail;
  /** The templates a design can be changed to (not archived). */
  offered: readonly FeedTemplate[];
  /** Every template, to read the slots of the designs' own. */
  all: readonly FeedTemplate[];
  onClose: () => void;
}) {
  const notify = useNotify();
  const [, updateFeed] = useMutation(UpdateFeedMutation);
  const [error, setError] = useState<string | null>(null);
  const byId = useMemo(() => new Map(all.map((template) => [template.id, template])), [all]);
  const form = useForm<NewFeedValues>({
    initialValues: {
      name: feed.name,
      catalogId: feed.catalogId,
      productSetId: feed.productSetId,
      designs: feed.designs.map((design) => {
        const templateId = design.templateVersion?.templateId ?? null;
        const slots = (templateId && byId.get(templateId)?.slots) || [];
        return designDraftOf(design, parseSlotFeatures(design.slotFeaturesJson), templateId, slots);
      }),
    },
    validate: {
      name: feedNameError,
      designs: {
        templateId: (value) => (value ? null : 'Choose a template.'),
        itemFilter: itemFilterError,
      },
    },
  });
  // A design on an archived template keeps it: the select offers it too.
  const choices = useMemo(() => {
    const used = new Set(form.getValues().designs.map((design) => design.templateId));
    return [...offered, ...all.filter((t) => t.archived && used.has(t.id))];
  }, [offered, all, form]);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const result = await updateFeed(
      { id: feed.id, name: values.name.trim(), designs: designInputs(values.designs, byId) },
      feedsContext,
    );
    const payload = result.data?.updateFeed;
    const failure = mutationFailure(result, payload);
    if (failure) {
      setError(failure);
      return;
    }
    notify.success(`‘${values.name.trim()}’ was saved: ${formatItems(payload?.queued ?? 0)} queued.`);
    onClose();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert" title="The feed was not saved">
            {error}
          </Alert>
        )}
        <TextInput label="Name" required maxLength={MAX_FEED_NAME_LENGTH} {...form.getInputProps('name')} />
        <Text size="sm" c="dimmed">
          An item takes the first design whose filter it passes and for which it has an image per slot.
        </Text>
        <DesignList
          form={form}
          templates={choices}
          catalogId={feed.catalogId}
          versionNote={(design) => {
            const version = feed.designs.find((d) => d.id === design.id)?.templateVersion;
            return version && !version.isNewest
              ? `Stays on version ${version.versionNumber} of ‘${version.templateName}’ (the newest is ${version.newestVersionNumber}).`
              : undefined;
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Save and regenerate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
