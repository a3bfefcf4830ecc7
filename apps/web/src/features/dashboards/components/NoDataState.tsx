import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router';
import { clientUrl } from '../../../app/routes';

/** What a dashboard shows before there is any advertising data: what to connect or import, and where. */
export function NoDataState({
  clientId,
  demo,
}: {
  clientId: string;
  /** Demo mode is on but its data set is not built yet. */
  demo?: boolean;
}) {
  const integrations = clientUrl(clientId, 'integrations/');
  if (demo) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>
            Preparing the demo data set: six months of three campaigns. This page updates by itself.
          </Text>
        </Group>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg">
          No advertising data yet
        </Title>
        <Text c="dimmed" maw={640}>
          Connect a Meta ad account to sync its results every night, or import a file exported from Meta Ads
          Manager ("Export table data", CSV or XLSX). You can also switch on demo mode in the account menu to
          explore the dashboards.
        </Text>
        <Group gap="sm">
          <Button component={Link} to={integrations} leftSection={<IconPlugConnected size={16} />}>
            Connect Meta
          </Button>
          <Button
            component={Link}
            to={integrations}
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
          >
            Import an Ads Manager export
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
