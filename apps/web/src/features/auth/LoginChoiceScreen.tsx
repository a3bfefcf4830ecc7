import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { AuthPage } from '../../components/AuthPage';
import { safeNextPath } from '../../lib/nextPath';
import { useBranding, useSession } from '../session';

/** `/login/`: the ways to sign in this server offers. */
export function LoginChoiceScreen() {
  const { me } = useSession();
  const { localLoginEnabled, auth0Enabled } = useBranding();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  if (me) return <Navigate to={next ?? '/'} replace />;

  const localLoginPath = next ? `/login/local/?next=${encodeURIComponent(next)}` : '/login/local/';
  return (
    <AuthPage title="Sign in">
      <Stack gap="sm">
        {localLoginEnabled && (
          <Button
            component={Link}
            to={localLoginPath}
            leftSection={<IconMail size={18} />}
            size="md"
            fullWidth
          >
            Sign in with email
          </Button>
        )}
        {auth0Enabled && (
          <Button
            component="a"
            href="/auth/login/auth0/"
            variant="default"
            leftSection={<IconLock size={18} />}
            size="md"
            fullWidth
          >
            Sign in with Auth0
          </Button>
        )}
        {!localLoginEnabled && !auth0Enabled && (
          <Alert color="yellow">
            No way of signing in is set up on this server. Contact customer success.
          </Alert>
        )}
      </Stack>
      {localLoginEnabled && (
        <Text size="sm" ta="center">
          New here?{' '}
          <Anchor component={Link} to="/register/">
            Create an account
          </Anchor>
        </Text>
      )}
    </AuthPage>
  );
}
