import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { accountValidation, NameFields, NewPasswordInput } from './AccountFields';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { AuthPage } from '../../components/AuthPage';
import { authErrorMessage, register } from '../auth';
import { useSession } from '../session';

/** `/register/`: create an account; a verification link is emailed. */
export function RegisterScreen() {
  const { me } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { firstName: '', lastName: '', email: '', password: '' },
    validate: {
      ...accountValidation,
      email: (value) => (/^\S+@\S+$/.test(value.trim()) ? null : 'Enter your email address'),
    },
  });

  if (me) return <Navigate to="/" replace />;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const email = values.email.trim();
    const result = await register({
      email,
      password: values.password,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
    });
    if (!result.ok) {
      setError(authErrorMessage(result.error));
      return;
    }
    navigate('/register/verify/', { state: { email } });
  });

  return (
    <AuthPage title="Create account">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <NameFields first={form.getInputProps('firstName')} last={form.getInputProps('lastName')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <NewPasswordInput {...form.getInputProps('password')} />
          <Button type="submit" loading={form.submitting} fullWidth>
            Create account
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/login/">
          Sign in
        </Anchor>
      </Text>
    </AuthPage>
  );
}
