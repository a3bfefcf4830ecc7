import { Alert, Anchor, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { AuthPage } from '../../components/AuthPage';
import { ResendAuth0VerificationButton } from './ResendAuth0VerificationButton';
import { useBranding } from '../session';

const issueMessages: Record<string, string> = {
  TOKEN_INVALID: 'The link you used is invalid, has already been used or has expired. Ask for a new link.',
  AUTH0_NOT_CONFIGURED:
    'Signing in with Auth0 is not set up on this server. Sign in with your email and password instead, or contact customer success.',
  AUTH0_FAILED: 'Auth0 could not sign you in. Try again; if it keeps failing, contact customer success.',
  EMAIL_NOT_VERIFIED:
    'Your email address is not verified yet. Open the verification link we emailed you, then sign in again.',
  INVITE_INVALID:
    'This invitation is invalid, has already been used or has expired. Ask an admin of the workspace to invite you again.',
};

function issueMessage(code: string | null): string {
  if (!code) return 'Signing in did not work. Try again, or contact customer success.';
  return (
    issueMessages[code] ??
    `Signing in did not work (code ${code}). Try again, or contact customer success and mention this code.`
  );
}

/** `/register/issue/?code=`: explains why signing in or registering stopped. */
export function SignInIssueScreen() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const { auth0Enabled } = useBranding();

  return (
    <AuthPage title="We could not sign you in">
      <Alert color="yellow">
        <Text size="sm">{issueMessage(code)}</Text>
      </Alert>
      {code === 'EMAIL_NOT_VERIFIED' && auth0Enabled && <ResendAuth0VerificationButton />}
      <Anchor component={Link} to="/login/" size="sm">
        Back to sign in
      </Anchor>
    </AuthPage>
  );
}
