import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { clientUrl } from '../../app/routes';
import { ScreenHeader } from '../../components/ScreenHeader';
import { type ClientScreenProps, useCurrentClient } from '../clients';
import { useBranding } from '../session';

export function PlanExpiredScreen({ route }: ClientScreenProps) {
  const client = useCurrentClient();
  const { customerSuccessEmail } = useBranding();
  if (!client) return null;
  const expired = client.planStatus === 'EXPIRED';

  return (
    <Paper withBorder p="xl" radius="md" maw={720}>
      <ScreenHeader title={route.title} />
      <Stack gap="md" align="flex-start">
        <Text>
          {expired
            ? `The plan of ${client.name} has expired, so its tools are paused. Your data is kept.`
            : `The plan of ${client.name} is active.`}
        </Text>
        <Text>
          To renew, contact customer success at{' '}
          <Anchor href={`mailto:${customerSuccessEmail}`} inherit>
            {customerSuccessEmail}
          </Anchor>{' '}
          or add billing details.
        </Text>
        <Button component={Link} to={clientUrl(client.id, 'billing/')}>
          Go to billing
        </Button>
      </Stack>
    </Paper>
  );
}
