import { Alert, Button, CopyButton, Group, Text, TextInput } from '@mantine/core';
import { formatDateTime } from '../../lib/format';

/** A one-time sign-in link a staff member hands to someone. */
export function SignInLink({
  email,
  url,
  expiresAt,
}: {
  email: string;
  url: string;
  expiresAt: string | null;
}) {
  const absoluteUrl = new URL(url, window.location.origin).toString();
  return (
    <Alert color="blue" title={`One-time link for ${email}`} mt="md">
      <Text size="sm" mb="xs">
        It works once{expiresAt ? `, until ${formatDateTime(expiresAt)}` : ''}, and signs in as {email}.
      </Text>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label="Sign-in link"
          value={absoluteUrl}
          readOnly
          flex={1}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton value={absoluteUrl}>
          {({ copied, copy }) => (
            <Button onClick={copy} color={copied ? 'teal' : 'blue'} variant="light">
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Alert>
  );
}
