import { Alert, Anchor } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { clientUrl } from '../../app/routes';

export function BillingBanner({ clientId }: { clientId: string }) {
  return (
    <Alert color="yellow" icon={<IconCreditCard />} mb="lg" title="Billing details needed">
      This workspace needs billing details to keep running.{' '}
      <Anchor component={Link} to={clientUrl(clientId, 'billing/')} inherit fw={600}>
        Go to billing
      </Anchor>
    </Alert>
  );
}
