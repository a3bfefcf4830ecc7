import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { AuthPage } from '../../components/AuthPage';
import { describeFailure, mutationFailure } from '../../lib/graphqlErrors';
import { signInPath } from '../../lib/nextPath';
import { rememberLastClientId, useSession } from '../session';
import { CreateWorkspaceMutation } from './api/createWorkspace';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';

/** `/register/client/`: a signed-in user creates a workspace and becomes its admin. */
export function CreateWorkspaceScreen() {
  const { me, refresh } = useSession();
  const navigate = useNavigate();
  const [, createWorkspace] = useMutation(CreateWorkspaceMutation);
  const [error, setError] = useState<string | null>(null);
  // One key per visit of the form: a double click or a retry creates one workspace.
  const submitKey = useIdempotencyKey();
  const form = useForm({
    initialValues: { name: '' },
    validate: { name: (value) => (value.trim() ? null : 'Enter a name for the workspace') },
  });

  if (!me) return <Navigate to={signInPath('/register/client/')} replace />;

  const submit = form.onSubmit(async ({ name }) => {
    setError(null);
    const result = await createWorkspace({ name: name.trim(), idempotencyKey: submitKey.key });
    const payload = result.data?.createWorkspace;
    const failure = mutationFailure(result, payload);
    if (failure || !payload?.client) {
      setError(failure ?? 'The workspace was not created. Try again.');
      return;
    }
    const { id, landingPath } = payload.client;
    try {
      await refresh();
      rememberLastClientId(id);
      navigate(landingPath);
    } catch (refreshFailure) {
      setError(describeFailure(refreshFailure));
    }
  });

  return (
    <AuthPage title="Create a workspace">
      <Text size="sm" c="dimmed">
        A workspace holds your brand, products, ads and team. You will be its admin and can invite others.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Workspace name"
            autoComplete="organization"
            required
            {...form.getInputProps('name')}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            Create workspace
          </Button>
        </Stack>
      </form>
    </AuthPage>
  );
}
