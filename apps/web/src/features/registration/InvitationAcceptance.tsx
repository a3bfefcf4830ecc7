import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import type { ResultOf } from 'gql.tada';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useNotify } from '../../app/store/useNotify';
import { describeFailure } from '../../lib/graphqlErrors';
import { signInPath } from '../../lib/nextPath';
import {
  acceptInvitation,
  authErrorMessage,
  type InvitationAcceptance as Acceptance,
  useSignOut,
} from '../auth';
import { rememberLastClientId, useSession } from '../session';
import type { InvitationQuery } from './api/invitationQuery';
import { NewAccountForm } from './NewAccountForm';

type Invitation = NonNullable<ResultOf<typeof InvitationQuery>['invitation']>;

/** The way to accept, depending on whether the invitee has an account and is signed in as it. */
export function InvitationAcceptance({ token, invitation }: { token: string; invitation: Invitation }) {
  const { me, refresh } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const signOut = useSignOut();
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const [accepting, setAccepting] = useState(false);
  const returnHere = signInPath(location.pathname + location.search);

  const accept = async (details: Omit<Acceptance, 'token'> = {}) => {
    setError(null);
    setAccepting(true);
    const result = await acceptInvitation({ token, ...details });
    if (!result.ok) {
      setAccepting(false);
      setError(authErrorMessage(result.error));
      return;
    }
    try {
      await refresh();
      rememberLastClientId(result.data.clientId);
      navigate(`/clients/${encodeURIComponent(result.data.clientId)}/`, { replace: true });
    } catch (failure) {
      setAccepting(false);
      setError(describeFailure(failure));
    }
  };

  const errorAlert = error && (
    <Alert color="red" role="alert">
      {error}{' '}
      {!me && (
        <Anchor component={Link} to={returnHere} inherit>
          Sign in
        </Anchor>
      )}
    </Alert>
  );

  if (!invitation.userExists) {
    return (
      <>
        <Text size="sm" c="dimmed">
          Create your account to accept.
        </Text>
        {errorAlert}
        <NewAccountForm onSubmit={accept} />
      </>
    );
  }

  if (!me) {
    return (
      <>
        <Text>
          You already have an account. Sign in as {invitation.email}, then you come back here to accept.
        </Text>
        <Button component={Link} to={returnHere}>
          Sign in to accept
        </Button>
      </>
    );
  }

  if (me.email.toLowerCase() !== invitation.email.toLowerCase()) {
    return (
      <>
        <Alert color="yellow">
          You are signed in as {me.email}, but this invitation is for {invitation.email}. Sign out, then open
          the invitation link again and sign in as {invitation.email}.
        </Alert>
        <Group>
          <Button variant="default" onClick={signOut}>
            Sign out
          </Button>
        </Group>
      </>
    );
  }

  return (
    <>
      {errorAlert}
      <Group>
        <Button onClick={() => notify.reportFailure(accept())} loading={accepting}>
          Accept
        </Button>
      </Group>
    </>
  );
}
