import { Alert, Text } from '@mantine/core';
import { CopyLinkField } from '../../components/CopyLinkField';
import { formatDate } from '../../lib/format';

/** Shown instead of "Invitation sent" when no mail went out: the link for the admin to pass on. */
export function InvitationLink({
  email,
  link,
  expiresAt,
}: {
  email: string;
  link: string;
  expiresAt: string;
}) {
  return (
    <Alert color="yellow" title="No mail was sent">
      <Text size="sm" mb="xs">
        Mail is not set up on this server (or its mail server refused the mail), so {email} has not been told.
        Copy the invitation link and send it to them yourself; it works until {formatDate(expiresAt)}.
      </Text>
      <CopyLinkField label="Invitation link" url={link} />
    </Alert>
  );
}
