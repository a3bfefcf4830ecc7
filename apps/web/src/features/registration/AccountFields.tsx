import { Group, PasswordInput, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/** Checks shared by every form that creates an account. */
export const accountValidation = {
  firstName: (value: string) => (value.trim() ? null : 'Enter your first name'),
  lastName: (value: string) => (value.trim() ? null : 'Enter your last name'),
  password: (value: string) => (value ? null : 'Choose a password'),
};

/** First and last name side by side, as every account form asks them. */
export function NameFields({
  first,
  last,
}: {
  first: GetInputPropsReturnType;
  last: GetInputPropsReturnType;
}) {
  return (
    <Group grow align="flex-start">
      <TextInput label="First name" autoComplete="given-name" required {...first} />
      <TextInput label="Last name" autoComplete="family-name" required {...last} />
    </Group>
  );
}

/** A password the user chooses now (browsers offer to generate one). */
export function NewPasswordInput(props: GetInputPropsReturnType) {
  return <PasswordInput label="Password" autoComplete="new-password" required {...props} />;
}
