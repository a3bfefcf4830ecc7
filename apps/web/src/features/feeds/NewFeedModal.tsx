import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { clientUrl } from '../../app/routes';
import { useNotify } from '../../app/store/useNotify';
import { mutationFailure } from '../../lib/graphqlErrors';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';
import { useCurrentClient } from '../clients';
import { CreateFeedMutation } from './api/createFeed';
import { FeedTemplatesQuery } from './api/feedTemplates';
import { DesignList } from './DesignList';
import { feedsContext } from './feed';
import { designInputs, emptyDesign, feedNameError, itemFilterError, MAX_FEED_NAME_LENGTH } from './feedDraft';
import { formatItems } from './feedFormat';
import type { NewFeedValues } from './newFeedForm';
import { ProductSetPicker } from './ProductSetPicker';

interface NewFeedTarget {
  /** The catalogue whose product sets are offered; with `productSetId`, both are fixed. */
  catalogId?: string | undefined;
  productSetId?: string | undefined;
}

/**
 * Creates a feed: a name, a product set (given, or chosen: catalogue then set) and one or more designs in
 * order; then opens the new feed's page, where its generation shows.
 */
export function NewFeedModal({
  opened,
  onClose,
  ...target
}: NewFeedTarget & { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="New feed" size="xl">
      {/* Mounted only while open, so each opening starts from an empty form. */}
      {opened && <NewFeedForm {...target} onClose={onClose} />}
    </Modal>
  );
}

function NewFeedForm({ catalogId, productSetId, onClose }: NewFeedTarget & { onClose: () => void }) {
  const client = useCurrentClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const [, createFeed] = useMutation(CreateFeedMutation);
  const [templatesResult] = useQuery({ query: FeedTemplatesQuery, variables: { archived: false } });
  const templates = templatesResult.data?.productCatalogTemplates;
  const [error, setError] = useState<string | null>(null);
  // One key per opening of the dialog: a double click or a retry creates one feed.
  const submitKey = useIdempotencyKey();
  const form = useForm<NewFeedValues>({
    initialValues: {
      name: '',
      catalogId: catalogId ?? null,
      productSetId: productSetId ?? null,
      designs: [emptyDesign(randomId())],
    },
    validate: {
      name: feedNameError,
      productSetId: (value) => (value ? null : 'Choose a product set.'),
      designs: {
        templateId: (value) => (value ? null : 'Choose a template.'),
        itemFilter: itemFilterError,
      },
    },
  });
  if (!client) return null;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const byId = new Map((templates ?? []).map((template) => [template.id, template]));
    const result = await createFeed(
      {
        productSetId: values.productSetId ?? '',
        name: values.name.trim(),
        designs: designInputs(values.designs, byId),
        idempotencyKey: submitKey.key,
      },
      feedsContext,
    );
    const payload = result.data?.createFeed;
    const failure = mutationFailure(result, payload);
    if (failure || !payload?.feed) {
      setError(failure ?? 'The server gave no feed. Try again.');
      return;
    }
    notify.success(`‘${payload.feed.name}’ was created: ${formatItems(payload.queued ?? 0)} queued.`);
    onClose();
    navigate(clientUrl(client.id, 'feeds/:id/', { id: payload.feed.id }));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label="Name"
          required
          maxLength={MAX_FEED_NAME_LENGTH}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <ProductSetPicker clientId={client.id} form={form} fixed={Boolean(catalogId && productSetId)} />
        <Stack gap={4}>
          <Text fw={600}>Designs</Text>
          <Text size="sm" c="dimmed">
            An item takes the first design whose filter it passes and for which it has an image per slot.
            Items no design takes are counted as ‘no template matched’.
          </Text>
        </Stack>
        {templatesResult.error && (
          <Alert color="red" variant="light">
            The templates could not be loaded. Close this window and try again.
          </Alert>
        )}
        <DesignList form={form} templates={templates} catalogId={form.getValues().catalogId} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Create feed
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
