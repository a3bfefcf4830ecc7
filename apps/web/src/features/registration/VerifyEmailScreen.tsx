import { Anchor, Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useNotify } from '../../app/store/useNotify';
import { AuthPage } from '../../components/AuthPage';
import { stateText } from '../../lib/historyState';
import { safeNextPath } from '../../lib/nextPath';
import { verifyEmail } from '../auth';
import { useSession } from '../session';
import { ResendAuth0VerificationButton } from './ResendAuth0VerificationButton';

/** `/register/verify/`: "check your inbox", or with `?token=` verifies the address and signs in. */
export function VerifyEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const location = useLocation();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const notify = useNotify();
  // Tokens work once: verify once even when effects run twice (React strict mode).
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    const verify = async () => {
      const result = await verifyEmail(token);
      if (!result.ok) {
        navigate(`/register/issue/?code=${encodeURIComponent(result.error.code)}`, { replace: true });
        return;
      }
      // Opened away from the browser that registered: the address is verified, but the password chosen
      // at registration is not kept (it may not have been this person's); choose one now.
      if (result.data.passwordToken) {
        navigate('/login/reset/', {
          replace: true,
          state: { token: result.data.passwordToken, verified: true },
        });
        return;
      }
      await refresh().catch(() => undefined);
      navigate(safeNextPath(result.data.next) ?? '/', { replace: true });
    };
    notify.reportFailure(verify());
  }, [token, navigate, refresh, notify]);

  if (token) {
    return (
      <AuthPage title="Verifying your email">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>Checking your link…</Text>
        </Group>
      </AuthPage>
    );
  }

  if (params.get('pending') === 'auth0') {
    return (
      <AuthPage title="Verify your email">
        <Text>
          Your identity provider sent you a verification link. Open it, then sign in again to continue.
        </Text>
        <ResendAuth0VerificationButton />
        <Anchor component={Link} to="/login/" size="sm">
          Back to sign in
        </Anchor>
      </AuthPage>
    );
  }

  const email = stateText(location.state, 'email');
  return (
    <AuthPage title="Check your inbox">
      <Text>
        We sent a verification link to {email ? <strong>{email}</strong> : 'your email address'}. Open it to
        finish creating your account.
      </Text>
      <Text size="sm" c="dimmed">
        No email after a few minutes? Check your spam folder, or register again with the same address.
      </Text>
      <Anchor component={Link} to="/login/" size="sm">
        Back to sign in
      </Anchor>
    </AuthPage>
  );
}
