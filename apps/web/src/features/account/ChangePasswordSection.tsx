import { Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { newPasswordValidation } from '../auth';
import { ChangePasswordMutation } from './api/changePassword';

/** Changes the password; the server asks for the current one and signs every other session out. */
export function ChangePasswordSection() {
  const [, changePassword] = useMutation(ChangePasswordMutation);
  const notify = useNotify();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', repeat: '' },
    validate: {
      currentPassword: (value) => (value ? null : 'Enter your current password'),
      newPassword: newPasswordValidation.password,
      repeat: (value, values) => newPasswordValidation.repeat(value, values.newPassword),
    },
  });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    const result = await changePassword({ currentPassword, newPassword });
    const payload = result.data?.changePassword;
    if (payload?.error?.code === 'WRONG_PASSWORD') {
      form.setFieldError('currentPassword', payload.error.message);
      return;
    }
    if (notify.mutation(result, payload, 'Your password is changed. Your other sessions were signed out.'))
      form.reset();
  });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="change-password-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="change-password-title">
            Password
          </Title>
          <Text size="sm" c="dimmed">
            Changing it signs you out on every other device and browser.
          </Text>
        </div>
        <form onSubmit={submit} noValidate>
          <Stack gap="md" maw={720}>
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              {...form.getInputProps('currentPassword')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                required
                {...form.getInputProps('newPassword')}
              />
              <PasswordInput
                label="Repeat the new password"
                autoComplete="new-password"
                required
                {...form.getInputProps('repeat')}
              />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={form.submitting}>
                Change password
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
