import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { accountValidation, NameFields, NewPasswordInput } from './AccountFields';

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
      ...accountValidation,
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
        <NameFields first={form.getInputProps('firstName')} last={form.getInputProps('lastName')} />
        <NewPasswordInput {...form.getInputProps('password')} />
        <Button type="submit" loading={form.submitting} fullWidth>
          Accept
        </Button>
      </Stack>
    </form>
  );
}
