import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { mutationFailure } from '../../lib/graphqlErrors';
import { InviteUserMutation } from './api/inviteUser';
import { InvitationLink } from './InvitationLink';
import { unsentInvitation, type UnsentInvitation } from './member';

export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [, inviteUser] = useMutation(InviteUserMutation);
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  // Set when the invitation was made but no mail went out: the modal shows its link instead of the form.
  const [unsent, setUnsent] = useState<UnsentInvitation | null>(null);
  const form = useForm({
    initialValues: { email: '', isAdmin: false },
    validate: { email: (value) => (/^\S+@\S+$/.test(value.trim()) ? null : 'Enter an email address') },
  });

  const close = () => {
    form.reset();
    setError(null);
    setUnsent(null);
    onClose();
  };

  const submit = form.onSubmit(async ({ email, isAdmin }) => {
    setError(null);
    const result = await inviteUser({ email: email.trim(), isAdmin });
    const failure = mutationFailure(result, result.data?.inviteUser);
    if (failure) {
      setError(failure);
      return;
    }
    const notMailed = unsentInvitation(email.trim(), result.data?.inviteUser);
    if (notMailed) {
      setUnsent(notMailed);
      return;
    }
    notify.success(`Invitation sent to ${email.trim()}.`);
    close();
  });

  if (unsent)
    return (
      <Modal opened={opened} onClose={close} title={`${unsent.email} is invited`}>
        <Stack gap="md">
          <InvitationLink {...unsent} />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      </Modal>
    );

  return (
    <Modal opened={opened} onClose={close} title="Invite user">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label="Email" type="email" required data-autofocus {...form.getInputProps('email')} />
          <Checkbox
            label="Admin"
            description="Admins can invite, deactivate and manage users."
            {...form.getInputProps('isAdmin', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
