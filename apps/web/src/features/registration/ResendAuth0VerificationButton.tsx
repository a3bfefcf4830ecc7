import { Button } from '@mantine/core';
import { useState } from 'react';
import { useNotify } from '../../app/store/useNotify';
import { resendAuth0Verification } from '../auth';

/** Asks the identity provider to mail a new verification link (after an Auth0 sign-in with an unverified e-mail). */
export function ResendAuth0VerificationButton() {
  const notify = useNotify();
  const [resending, setResending] = useState(false);
  const resend = async () => {
    setResending(true);
    const result = await resendAuth0Verification();
    setResending(false);
    if (result.ok) notify.success('We sent a new verification link. Check your inbox.');
    else notify.error(result.error.message ?? 'The verification link could not be sent. Try again later.');
  };
  return (
    <Button variant="default" onClick={() => notify.reportFailure(resend())} loading={resending}>
      Resend verification email
    </Button>
  );
}
