import {
  Alert,
  Button,
  FileInput,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileSpreadsheet, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';
import { Link } from 'react-router';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { mutationFailure } from '../../lib/graphqlErrors';
import { CreateCatalogMutation } from './api/createCatalog';
import { catalogsContext } from './catalog';
import {
  CATALOG_FILE_ACCEPT,
  type CatalogSchedule,
  catalogNameFromFileName,
  currencyProblem,
  type FeedFormatChoice,
  isCatalogFileName,
  SCHEDULE_OPTIONS,
} from './catalogFormat';
import { FeedFormatFields } from './FeedFormatFields';
import { TemplateDownloadLinks } from './TemplateDownloadLinks';
import { UploadProgress } from '../../components/UploadProgress';
import { useCatalogFileUpload } from './useCatalogFileUpload';

type SourceKind = 'file' | 'url';

interface NewCatalogValues {
  name: string;
  source: SourceKind;
  file: File | null;
  sourceUrl: string;
  schedule: CatalogSchedule;
  feedFormat: FeedFormatChoice;
  currency: string;
}

const SOURCE_OPTIONS: { value: SourceKind; label: string }[] = [
  { value: 'file', label: 'Upload a file' },
  { value: 'url', label: 'Fetch from a URL' },
];

/** The form of a new catalogue: its name and source; the file is uploaded (with progress) on submit. */
export function NewCatalogForm({
  onCreated,
  cancelUrl,
}: {
  onCreated: (catalog: { id: string }) => void;
  cancelUrl: string;
}) {
  const [, createCatalog] = useMutation(CreateCatalogMutation);
  const notify = useNotify();
  const { upload, progress } = useCatalogFileUpload();
  const [error, setError] = useState<string | null>(null);
  // A file uploaded by a submit that failed later is not sent again.
  const [uploaded, setUploaded] = useState<{ file: File; key: string } | null>(null);
  // One key per visit of the form: a double click or a retry creates one catalogue.
  const submitKey = useIdempotencyKey();
  const form = useForm<NewCatalogValues>({
    initialValues: {
      name: '',
      source: 'file',
      file: null,
      sourceUrl: '',
      schedule: 'DAILY',
      feedFormat: 'AUTO',
      currency: '',
    },
    validate: {
      currency: currencyProblem,
      name: (value) => (value.trim() ? null : 'Give the catalogue a name.'),
      file: (value, values) =>
        values.source !== 'file'
          ? null
          : !value
            ? 'Choose the catalogue file.'
            : isCatalogFileName(value.name)
              ? null
              : 'Choose a .csv, .tsv, .txt, .xml, .json, .jsonl or .gz file.',
      sourceUrl: (value, values) =>
        values.source !== 'url'
          ? null
          : /^https?:\/\/\S+$/i.test(value.trim())
            ? null
            : 'Enter the feed’s URL, starting with https://.',
    },
  });

  const chooseFile = (file: File | null) => {
    form.setFieldValue('file', file);
    if (file && form.getValues().name.trim() === '')
      form.setFieldValue('name', catalogNameFromFileName(file.name));
  };

  const uploadKey = async (file: File): Promise<string | null> => {
    if (uploaded?.file === file) return uploaded.key;
    const key = await upload(file);
    if (key) setUploaded({ file, key });
    return key;
  };

  const submit = form.onSubmit(async (values) => {
    setError(null);
    let source: { uploadKey: string } | { sourceUrl: string; schedule: CatalogSchedule };
    if (values.source === 'file') {
      const key = await uploadKey(values.file!);
      if (!key) return;
      source = { uploadKey: key };
    } else {
      source = { sourceUrl: values.sourceUrl.trim(), schedule: values.schedule };
    }
    const result = await createCatalog(
      {
        name: values.name.trim(),
        ...source,
        feedFormat: values.feedFormat === 'AUTO' ? null : values.feedFormat,
        currency: values.currency.trim().toUpperCase() || null,
        idempotencyKey: submitKey.key,
      },
      catalogsContext,
    );
    const payload = result.data?.createCatalog;
    const failure = mutationFailure(result, payload);
    if (failure || !payload?.catalog) {
      setError(failure ?? 'The server gave no answer. Try again.');
      return;
    }
    notify.success(`‘${payload.catalog.name}’ was created. Its first import has started.`);
    onCreated(payload.catalog);
  });

  const busy = form.submitting || progress !== null;
  const { source } = form.getValues();
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert" title="The catalogue was not created">
            {error}
          </Alert>
        )}
        <TextInput label="Name" required data-autofocus maxLength={100} {...form.getInputProps('name')} />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="catalog-source-label">
            Source
          </Text>
          <SegmentedControl
            aria-labelledby="catalog-source-label"
            data={SOURCE_OPTIONS}
            {...form.getInputProps('source')}
            w="fit-content"
          />
        </Stack>
        {source === 'file' ? (
          <FileInput
            label="Catalogue file"
            description="CSV, TSV, XML (RSS or Atom with Google’s g: fields), JSON or JSON Lines, or Shopify’s products export; also gzipped. Up to 2 GB."
            placeholder="Choose a file"
            accept={CATALOG_FILE_ACCEPT}
            leftSection={<IconFileSpreadsheet size={16} />}
            clearable
            required
            {...form.getInputProps('file')}
            onChange={chooseFile}
          />
        ) : (
          <>
            <TextInput
              label="Feed URL"
              description="The address of your shop’s product feed (CSV, TSV, XML or JSON)."
              placeholder="https://shop.example.com/feed.xml"
              type="url"
              leftSection={<IconLink size={16} />}
              required
              {...form.getInputProps('sourceUrl')}
            />
            <Select
              label="Refresh"
              description="How often the feed is fetched again."
              data={SCHEDULE_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('schedule')}
              w={280}
            />
          </>
        )}
        <FeedFormatFields
          format={form.getInputProps('feedFormat')}
          currency={form.getInputProps('currency')}
        />
        <TemplateDownloadLinks />
        <UploadProgress progress={progress} />
        <Group justify="flex-end">
          <Button component={Link} to={cancelUrl} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Create catalogue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
