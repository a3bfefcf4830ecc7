import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthPage } from '../../components/AuthPage';
import { stateText } from '../../lib/historyState';
import { resetPassword } from './api/authRequests';
import { authErrorMessage } from './authMessages';
import { newPasswordValidation } from './newPassword';

/** What the page was opened with: a mailed link's token, or the one a verification link handed over. */
interface ResetState {
  token: string;
  /** The address was just verified by a link opened away from the browser that registered. */
  verified?: boolean;
}

function resetState(state: unknown): ResetState | null {
  const token = stateText(state, 'token');
  return token === null ? null : { token, verified: (state as { verified?: unknown }).verified === true };
}

/**
 * `/login/reset/?token=`: choose a new password. The token moves from the address into the page's
 * history state at once, so it stays out of the address bar, bookmarks and later requests.
 */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const fromQuery = params.get('token');
  const state = resetState(location.state) ?? (fromQuery ? { token: fromQuery } : null);
  const [error, setError] = useState<{ message: string; linkDead: boolean } | null>(null);
  const form = useForm({
    initialValues: { password: '', repeat: '' },
    validate: {
      password: newPasswordValidation.password,
      repeat: (value, values) => newPasswordValidation.repeat(value, values.password),
    },
  });

  useEffect(() => {
    if (fromQuery) navigate('/login/reset/', { replace: true, state: { token: fromQuery } });
  }, [fromQuery, navigate]);

  if (!state) {
    return (
      <AuthPage title="Choose a new password">
        <Alert color="yellow">
          <Text size="sm">Open this page from the link in the password reset email.</Text>
        </Alert>
        <Anchor component={Link} to="/login/forgot/" size="sm">
          Ask for a reset link
        </Anchor>
      </AuthPage>
    );
  }

  const submit = form.onSubmit(async ({ password }) => {
    setError(null);
    const result = await resetPassword(state.token, password);
    if (!result.ok) {
      setError({ message: authErrorMessage(result.error), linkDead: result.error.code === 'TOKEN_INVALID' });
      return;
    }
    navigate('/login/local/', {
      replace: true,
      state: { notice: 'Your new password is set. Sign in with it.' },
    });
  });

  return (
    <AuthPage title={state.verified ? 'Choose your password' : 'Choose a new password'}>
      {state.verified && (
        <Alert color="green">
          <Text size="sm">
            Your email address is verified. Choose the password you will sign in with. (A password chosen when
            registering is kept only when the link is opened in the same browser.)
          </Text>
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" role="alert">
              {error.message}{' '}
              {error.linkDead && (
                <Anchor component={Link} to="/login/forgot/" size="sm">
                  Ask for a new link
                </Anchor>
              )}
            </Alert>
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('repeat')}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            Set password
          </Button>
        </Stack>
      </form>
      <Text size="sm" c="dimmed">
        Setting a new password signs you out everywhere; then you sign in with the new one.
      </Text>
    </AuthPage>
  );
}
