import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

export interface NewAccount {
  firstName: string;
  lastName: string;
  password: string;
}

/** Name and password of an invitee who has no account yet. */
export function NewAccountForm({ onSubmit }: { onSubmit: (account: NewAccount) => Promise<void> }) {
  const form = useForm({
    initialValues: { firstName: '', lastName: '', password: '' },
    validate: {
      firstName: (value) => (value.trim() ? null : 'Enter your first name'),
      lastName: (value) => (value.trim() ? null : 'Enter your last name'),
      password: (value) => (value ? null : 'Choose a password'),
    },
  });

  const submit = form.onSubmit((values) =>
    onSubmit({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      password: values.password,
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group grow align="flex-start">
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            {...form.getInputProps('lastName')}
          />
        </Group>
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          Accept
        </Button>
      </Stack>
    </form>
  );
}
