import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { mutationFailure } from '../../lib/graphqlErrors';
import { CreateProductSetMutation } from './api/createProductSet';
import { UpdateProductSetMutation } from './api/updateProductSet';
import { type ProductSet, productSetsContext } from './catalog';
import { FilterRulesEditor } from './FilterRulesEditor';
import type { RuleField } from './productSetRules';

/** The name, the rules (visually or as Meta's JSON), the live count, and save. */
export function ProductSetEditor({
  catalogId,
  set,
  fields,
  onDone,
}: {
  catalogId: string;
  set: ProductSet | null;
  fields: readonly RuleField[];
  onDone: () => void;
}) {
  const [name, setName] = useState(set?.name ?? '');
  // The rules' filter JSON; null while a rule is incomplete.
  const [filterJson, setFilterJson] = useState<string | null>(set?.filterJson ?? '{}');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [, createProductSet] = useMutation(CreateProductSetMutation);
  // One key per opening of the dialog: a double click or a retry creates one product set.
  const submitKey = useIdempotencyKey();
  const [, updateProductSet] = useMutation(UpdateProductSetMutation);
  const notify = useNotify();

  const send = async (setNameText: string, filter: string) => {
    if (set) {
      const result = await updateProductSet(
        { id: set.id, name: setNameText, filterJson: filter },
        productSetsContext,
      );
      const payload = result.data?.updateProductSet;
      return { failure: mutationFailure(result, payload), saved: payload?.productSet };
    }
    const result = await createProductSet(
      { catalogId, name: setNameText, filterJson: filter, idempotencyKey: submitKey.key },
      productSetsContext,
    );
    const payload = result.data?.createProductSet;
    return { failure: mutationFailure(result, payload), saved: payload?.productSet };
  };

  const save = async () => {
    setSaveError(null);
    if (name.trim() === '') {
      setSaveError('Give the product set a name.');
      return;
    }
    if (filterJson === null) {
      setSaveError('Fix the rules marked in red first.');
      return;
    }
    setSaving(true);
    const { failure, saved } = await send(name.trim(), filterJson);
    setSaving(false);
    if (failure || !saved) {
      setSaveError(failure ?? 'The server gave no answer. Try again.');
      return;
    }
    notify.success(set ? `‘${saved.name}’ was saved.` : `‘${saved.name}’ was created.`);
    onDone();
  };

  return (
    <Stack gap="md">
      <TextInput
        label="Name"
        required
        data-autofocus
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <FilterRulesEditor
        catalogId={catalogId}
        fields={fields}
        initialFilterJson={set?.filterJson ?? null}
        onChange={setFilterJson}
      />
      {saveError && (
        <Alert
          color="red"
          role="alert"
          title={set ? 'The product set was not saved' : 'The product set was not created'}
        >
          {saveError}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={() => notify.reportFailure(save())} loading={saving}>
          {set ? 'Save changes' : 'Create product set'}
        </Button>
      </Group>
    </Stack>
  );
}
