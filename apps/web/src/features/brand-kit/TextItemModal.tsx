import { Button, Group, Modal, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { CreateBrandKitItemMutation } from './api/createBrandKitItem';
import { brandKitContext } from './brandKit';
import { GuideContent } from './GuideContent';
import { useBrandKitLoading } from './useBrandKitLoading';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';

const WORDS = {
  GUIDE: { title: 'Add guide', defaultName: 'New Guide', label: 'Guide', noun: 'guide' },
  DISCLAIMER: {
    title: 'Add disclaimer',
    defaultName: 'New Disclaimer',
    label: 'Disclaimer',
    noun: 'disclaimer',
  },
} as const;

/** Adds a guide (formatted text, written in Markdown with a preview) or a disclaimer (plain, short). */
export function TextItemModal({
  kind,
  opened,
  maxNameLength,
  maxTextLength,
  onClose,
}: {
  kind: 'GUIDE' | 'DISCLAIMER';
  opened: boolean;
  maxNameLength: number;
  maxTextLength: number;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={WORDS[kind].title} size={kind === 'GUIDE' ? 'lg' : 'md'}>
      {opened && (
        <TextItemForm
          kind={kind}
          maxNameLength={maxNameLength}
          maxTextLength={maxTextLength}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function TextItemForm({
  kind,
  maxNameLength,
  maxTextLength,
  onDone,
}: {
  kind: 'GUIDE' | 'DISCLAIMER';
  maxNameLength: number;
  maxTextLength: number;
  onDone: () => void;
}) {
  const words = WORDS[kind];
  const [name, setName] = useState<string>(words.defaultName);
  const [text, setText] = useState('');
  const [{ fetching }, create] = useMutation(CreateBrandKitItemMutation);
  // One key per opening of the dialog: a double click or a retry adds one item.
  const submitKey = useIdempotencyKey();
  const notify = useNotify();
  const loading = useBrandKitLoading();
  const length = Array.from(text.trim()).length;
  const tooLong = length > maxTextLength;
  const submit = async () => {
    if (kind === 'GUIDE') loading.started('GUIDE');
    try {
      const result = await create(
        { name, type: kind, legalAgreement: false, textContent: text, idempotencyKey: submitKey.key },
        brandKitContext,
      );
      const payload = result.data?.createBrandKitItem;
      if (
        notify.mutation(
          result,
          payload,
          `‘${payload?.brandKitItem?.name ?? name}’ was added to the brand kit.`,
        )
      )
        onDone();
    } finally {
      if (kind === 'GUIDE') loading.ended('GUIDE');
    }
  };
  const textarea = (
    <Textarea
      label={words.label}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      autosize
      minRows={kind === 'GUIDE' ? 8 : 3}
      maxRows={20}
      required
      error={
        tooLong
          ? `A ${words.noun} can have at most ${maxTextLength.toLocaleString('en')} characters; this one has ${length.toLocaleString('en')}.`
          : undefined
      }
      description={
        kind === 'GUIDE'
          ? 'Markdown: # headings, **bold**, _italic_, - lists, [links](https://example.com).'
          : `${length} / ${maxTextLength} characters`
      }
    />
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        notify.reportFailure(submit());
      }}
    >
      <Stack>
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={maxNameLength}
          required
        />
        {kind === 'GUIDE' ? (
          <Tabs defaultValue="write">
            <Tabs.List>
              <Tabs.Tab value="write">Write</Tabs.Tab>
              <Tabs.Tab value="preview">Preview</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="write" pt="sm">
              {textarea}
            </Tabs.Panel>
            <Tabs.Panel value="preview" pt="sm">
              {text.trim() ? <GuideContent markdown={text} /> : <Text c="dimmed">Nothing written yet.</Text>}
            </Tabs.Panel>
          </Tabs>
        ) : (
          textarea
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={fetching}
            disabled={tooLong || text.trim() === '' || name.trim() === ''}
          >
            Save {words.noun}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
