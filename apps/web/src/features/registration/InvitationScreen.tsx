import { Alert, Anchor, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { AuthPage } from '../../components/AuthPage';
import { PageLoader } from '../../components/PageLoader';
import { describeGraphqlError } from '../../lib/graphqlErrors';
import { InvitationQuery } from './api/invitationQuery';
import { InvitationAcceptance } from './InvitationAcceptance';

/** `/register/linking/?token=`: an invitation to join a workspace. */
export function InvitationScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [{ data, error }] = useQuery({ query: InvitationQuery, variables: { token }, pause: !token });

  if (!token) {
    return (
      <AuthPage title="Invitation">
        <Text>This invitation link is incomplete. Open the link from the invitation email again.</Text>
      </AuthPage>
    );
  }
  if (!data && !error) return <PageLoader />;

  const invitation = data?.invitation;
  if (!invitation) {
    return (
      <AuthPage title="Invitation">
        <Alert color="red">
          {error
            ? describeGraphqlError(error)
            : 'This invitation is invalid, has already been used or has expired. Ask an admin of the workspace to invite you again.'}
        </Alert>
        <Anchor component={Link} to="/login/" size="sm">
          Go to sign in
        </Anchor>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={`Join ${invitation.clientName}`}>
      <Text>
        You are invited to join <strong>{invitation.clientName}</strong> as{' '}
        <strong>{invitation.email}</strong>.
      </Text>
      <InvitationAcceptance token={token} invitation={invitation} />
    </AuthPage>
  );
}
