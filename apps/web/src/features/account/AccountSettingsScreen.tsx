import { Stack } from '@mantine/core';
import { ScreenHeader } from '../../components/ScreenHeader';
import { ChangePasswordSection } from './ChangePasswordSection';
import { SessionsSection } from './SessionsSection';

/** `/account/`: the signed-in user's password and the places they are signed in. */
export function AccountSettingsScreen() {
  return (
    <>
      <ScreenHeader title="Account settings" description="Your password, and where you are signed in." />
      <Stack gap="xl" maw={1080}>
        <ChangePasswordSection />
        <SessionsSection />
      </Stack>
    </>
  );
}
