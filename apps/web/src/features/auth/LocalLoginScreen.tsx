import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { AuthPage } from '../../components/AuthPage';
import { describeFailure } from '../../lib/graphqlErrors';
import { stateText } from '../../lib/historyState';
import { safeNextPath } from '../../lib/nextPath';
import { useSession } from '../session';
import { signIn } from './api/authRequests';
import { authErrorMessage } from './authMessages';

/** `/login/local/`: email and password. */
export function LocalLoginScreen() {
  const { me, refresh } = useSession();
  const location = useLocation();
  const notice = stateText(location.state, 'notice');
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (/^\S+@\S+$/.test(value.trim()) ? null : 'Enter your email address'),
      password: (value) => (value ? null : 'Enter your password'),
    },
  });

  // Signed in (on arrival, or once the refresh after signing in lands): continue.
  if (me) return <Navigate to={next ?? '/'} replace />;

  const submit = form.onSubmit(async ({ email, password }) => {
    setError(null);
    const result = await signIn(email.trim(), password);
    if (!result.ok) {
      setError(authErrorMessage(result.error));
      return;
    }
    await refresh().catch((failure: unknown) => setError(describeFailure(failure)));
  });

  return (
    <AuthPage title="Sign in with email">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {notice && !error && (
            <Alert color="green" role="status">
              {notice}
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Stack gap={4}>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Anchor
              component={Link}
              to="/login/forgot/"
              state={{ email: form.values.email.trim() }}
              size="sm"
              ta="right"
            >
              Forgot password?
            </Anchor>
          </Stack>
          <Button type="submit" loading={form.submitting} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
      <Group justify="space-between">
        <Anchor component={Link} to="/login/" size="sm">
          Other ways to sign in
        </Anchor>
        <Anchor component={Link} to="/register/" size="sm">
          Create an account
        </Anchor>
      </Group>
    </AuthPage>
  );
}
