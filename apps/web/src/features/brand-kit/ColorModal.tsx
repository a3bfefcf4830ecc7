import { brandColourProblem } from '@adloom/template';
import { Button, ColorInput, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { CreateBrandKitItemMutation } from './api/createBrandKitItem';
import { UpdateBrandKitColorMutation } from './api/updateBrandKitColor';
import { brandKitContext, type BrandColor } from './brandKit';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';

/** The spec's success message of a saved brand colour (section 8). */
const COLOR_SAVED = 'Successfully saved color to the Brand Kit.';

/**
 * Adds a colour (`editing` null) or changes one's value: its text content (spec section 4). Colours keep
 * their name: only guides, logos and fonts are renamed.
 */
export function ColorModal({
  opened,
  editing,
  maxNameLength,
  onClose,
}: {
  opened: boolean;
  editing: BrandColor | null;
  maxNameLength: number;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? `Change ‘${editing.name}’` : 'Add colour'}>
      {opened && (
        <ColorForm
          key={editing?.id ?? 'new'}
          editing={editing}
          maxNameLength={maxNameLength}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function ColorForm({
  editing,
  maxNameLength,
  onDone,
}: {
  editing: BrandColor | null;
  maxNameLength: number;
  onDone: () => void;
}) {
  const [name, setName] = useState('New Color');
  const [value, setValue] = useState(editing?.textContent ?? '#1e88e5');
  const [{ fetching: creating }, create] = useMutation(CreateBrandKitItemMutation);
  const [{ fetching: updating }, update] = useMutation(UpdateBrandKitColorMutation);
  // One key per opening of the dialog: a double click or a retry adds one colour.
  const submitKey = useIdempotencyKey();
  const notify = useNotify();
  // Shown next to the field: the shared rule's reason, or the server's when it refuses the value.
  const [colourError, setColourError] = useState<string | null>(null);
  const submit = async () => {
    const problem = brandColourProblem(value);
    if (problem) return setColourError(problem);
    const [result, payload] = editing
      ? await update({ id: editing.id, textContent: value }, brandKitContext).then(
          (answer) => [answer, answer.data?.updateBrandKitColor] as const,
        )
      : await create(
          { name, type: 'COLOR', legalAgreement: false, textContent: value, idempotencyKey: submitKey.key },
          brandKitContext,
        ).then((answer) => [answer, answer.data?.createBrandKitItem] as const);
    if (payload?.error?.code === 'INVALID_COLOR') return setColourError(payload.error.message);
    if (notify.mutation(result, payload, COLOR_SAVED)) onDone();
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        notify.reportFailure(submit());
      }}
    >
      <Stack>
        {!editing && (
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={maxNameLength}
            required
          />
        )}
        <ColorInput
          label="Colour"
          format="hex"
          value={value}
          onChange={(next) => {
            setValue(next);
            setColourError(null);
          }}
          // Mantine would put the last valid colour back on blur: an invalid one is refused here instead.
          fixOnBlur={false}
          error={colourError}
          required
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={creating || updating}>
            Save colour
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
