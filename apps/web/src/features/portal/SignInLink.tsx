import { Alert, Text } from '@mantine/core';
import { CopyLinkField } from '../../components/CopyLinkField';
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
      <CopyLinkField label="Sign-in link" url={absoluteUrl} />
    </Alert>
  );
}
