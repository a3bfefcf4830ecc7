import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router';
import { clientUrl } from '../../../app/routes';

/** What a dashboard shows before there is any advertising data: what to connect or import, and where. */
export function NoDataState({ clientId, inRange }: { clientId: string; inRange?: boolean }) {
  const integrations = clientUrl(clientId, 'integrations/');
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg">
          {inRange ? 'No advertising data in this period' : 'No advertising data yet'}
        </Title>
        <Text c="dimmed" maw={640}>
          {inRange
            ? 'None of the ad accounts read has results between these days. Choose another period, or bring in more data:'
            : 'Connect a Meta ad account to sync its results every night, or import a file exported from Meta Ads Manager ("Export table data", CSV or XLSX). You can also switch on demo mode in the account menu to explore the dashboards.'}
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
