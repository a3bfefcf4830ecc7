import { Alert, Code, Text } from '@mantine/core';
import { META_SETTINGS } from './metaStatus';

/**
 * What the server's Meta set-up means for the user: the bundled fake in the demo set-up (sandbox), or the
 * two settings an administrator must set before anyone can connect. Nothing when a real app is set.
 */
export function MetaSetupNotice({ configured, sandbox }: { configured: boolean; sandbox: boolean }) {
  if (sandbox)
    return (
      <Alert color="grape" variant="light" title="Demo set-up: the fake Graph API stands in for Meta">
        <Text size="sm">
          This server uses the fake Graph API bundled with Adloom instead of Meta. Connecting signs in to it,
          not to Facebook, and its ad accounts and figures are made up. To connect your real ad accounts, an
          administrator sets <Code>{META_SETTINGS[0]}</Code> and <Code>{META_SETTINGS[1]}</Code> to a Meta
          app’s id and secret.
        </Text>
      </Alert>
    );
  if (configured) return null;
  return (
    <Alert color="yellow" variant="light" title="Meta is not set up on this server">
      <Text size="sm">
        To connect ad accounts, an administrator sets <Code>{META_SETTINGS[0]}</Code> and{' '}
        <Code>{META_SETTINGS[1]}</Code> to the app id and app secret of a Meta app with the Marketing API
        (permission ads_read), then restarts Adloom. Until then, import an Ads Manager export below.
      </Text>
    </Alert>
  );
}
