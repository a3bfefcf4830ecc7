import { Alert, Button, Group, Paper, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { ScreenHeader } from '../../components/ScreenHeader';
import { mutationFailure } from '../../lib/graphqlErrors';
import { PortalCreateClientMutation } from './api/portalCreateClient';
import { isPlanStatus, type PlanStatus, planStatusOptions } from './planStatus';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';

/** `/portal/client-create/`: a new client workspace. */
export function PortalCreateClientScreen() {
  const [, createClient] = useMutation(PortalCreateClientMutation);
  const navigate = useNavigate();
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  // One key per visit of the form: a double click or a retry creates one client.
  const submitKey = useIdempotencyKey();
  const form = useForm<{ name: string; adminEmail: string; planStatus: PlanStatus }>({
    initialValues: { name: '', adminEmail: '', planStatus: 'TRIAL' },
    validate: {
      name: (value) => (value.trim() ? null : 'Enter the client name'),
      adminEmail: (value) =>
        !value.trim() || /^\S+@\S+$/.test(value.trim()) ? null : 'Enter a valid email address',
    },
  });

  const submit = form.onSubmit(async ({ name, adminEmail, planStatus }) => {
    setError(null);
    const result = await createClient({
      name: name.trim(),
      adminEmail: adminEmail.trim() || null,
      planStatus,
      idempotencyKey: submitKey.key,
    });
    const payload = result.data?.portalCreateClient;
    const failure = mutationFailure(result, payload);
    if (failure || !payload?.client) {
      setError(failure ?? 'The client was not created. Try again.');
      return;
    }
    notify.success(`${payload.client.name} was created.`);
    navigate(`/portal/clients/${encodeURIComponent(payload.client.id)}/`);
  });

  return (
    <>
      <ScreenHeader
        title="New client"
        description="Create a client workspace and, optionally, its first admin."
      />
      <Paper withBorder p="xl" radius="md" maw={560}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput label="Client name" required {...form.getInputProps('name')} />
            <TextInput
              label="Admin email"
              type="email"
              description="Optional. This person becomes the workspace’s admin."
              {...form.getInputProps('adminEmail')}
            />
            <NativeSelect
              label="Plan status"
              data={planStatusOptions}
              value={form.values.planStatus}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isPlanStatus(value)) form.setFieldValue('planStatus', value);
              }}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting}>
                Create client
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
