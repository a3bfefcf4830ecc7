import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { mutationFailure } from '../../lib/graphqlErrors';
import { UpdateCatalogMutation } from './api/updateCatalog';
import type { CatalogRef } from './catalog';
import { type CatalogSchedule, currencyProblem, feedFormatChoice, SCHEDULE_OPTIONS } from './catalogFormat';
import { FeedFormatFields } from './FeedFormatFields';

/** Rename a catalogue, change or remove its feed URL, its refresh schedule, its feed format and currency. */
export function CatalogSettingsModal({
  catalog,
  opened,
  onClose,
}: {
  catalog: CatalogRef;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Catalogue settings">
      <CatalogSettingsForm catalog={catalog} onDone={onClose} />
    </Modal>
  );
}

function CatalogSettingsForm({ catalog, onDone }: { catalog: CatalogRef; onDone: () => void }) {
  const [, updateCatalog] = useMutation(UpdateCatalogMutation);
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      name: catalog.name,
      sourceUrl: catalog.sourceUrl ?? '',
      schedule: catalog.schedule as CatalogSchedule,
      feedFormat: feedFormatChoice(catalog.feedFormat),
      currency: catalog.currency ?? '',
    },
    validate: {
      currency: currencyProblem,
      name: (value) => (value.trim() ? null : 'Give the catalogue a name.'),
      sourceUrl: (value) =>
        value.trim() === '' || /^https?:\/\/\S+$/i.test(value.trim())
          ? null
          : 'Enter a URL starting with https://.',
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const sourceUrl = values.sourceUrl.trim();
    const result = await updateCatalog({
      id: catalog.id,
      name: values.name.trim(),
      // An empty URL removes it: the catalogue is then imported from uploaded files only.
      sourceUrl,
      schedule: sourceUrl ? values.schedule : 'NONE',
      feedFormat: values.feedFormat === 'AUTO' ? null : values.feedFormat,
      currency: values.currency.trim().toUpperCase(),
    });
    const failure = mutationFailure(result, result.data?.updateCatalog);
    if (failure) {
      setError(failure);
      return;
    }
    notify.success('The catalogue settings were saved.');
    onDone();
  });

  const hasUrl = form.getValues().sourceUrl.trim() !== '';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label="Name" required maxLength={100} data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Feed URL"
          description="Leave empty to import from uploaded files only."
          placeholder="https://shop.example.com/feed.xml"
          type="url"
          {...form.getInputProps('sourceUrl')}
        />
        <Select
          label="Refresh"
          description={
            hasUrl ? 'How often the feed is fetched again.' : 'Only a feed URL can refresh on a schedule.'
          }
          data={SCHEDULE_OPTIONS}
          allowDeselect={false}
          disabled={!hasUrl}
          {...form.getInputProps('schedule')}
          value={hasUrl ? form.getValues().schedule : 'NONE'}
        />
        <FeedFormatFields
          format={form.getInputProps('feedFormat')}
          currency={form.getInputProps('currency')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
