import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AuthPage } from '../../components/AuthPage';
import { stateText } from '../../lib/historyState';
import { requestPasswordReset } from './api/authRequests';
import { authErrorMessage } from './authMessages';

/** `/login/forgot/`: mails a link to choose a new password; says the same whether or not the address has an account. */
export function ForgotPasswordScreen() {
  const location = useLocation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: stateText(location.state, 'email') ?? '' },
    validate: { email: (value) => (/^\S+@\S+$/.test(value.trim()) ? null : 'Enter your email address') },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setError(null);
    const result = await requestPasswordReset(email.trim());
    if (!result.ok) {
      setError(authErrorMessage(result.error));
      return;
    }
    setSentTo(email.trim());
  });

  if (sentTo) {
    return (
      <AuthPage title="Check your inbox">
        <Text>
          If an account uses <strong>{sentTo}</strong>, we sent it a link to choose a new password. The link
          works once, within one hour.
        </Text>
        <Text size="sm" c="dimmed">
          No email after a few minutes? Check your spam folder, or ask for a new link.
        </Text>
        <Anchor component={Link} to="/login/local/" size="sm">
          Back to sign in
        </Anchor>
      </AuthPage>
    );
  }

  return (
    <AuthPage title="Reset your password">
      <Text size="sm">
        Enter the email address of your account. We will email you a link to choose a new password.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
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
          <Button type="submit" loading={form.submitting} fullWidth>
            Send reset link
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/login/local/" size="sm">
        Back to sign in
      </Anchor>
    </AuthPage>
  );
}
