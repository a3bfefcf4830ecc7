import { Button, Paper, Tabs, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { PortalClientQuery } from './api/portalClient';
import type { PortalClient } from './planStatus';

export type PortalClientTab = 'overview' | 'features' | 'msa';

const tabPaths: Record<PortalClientTab, string> = { overview: '', features: 'features/', msa: 'msa/' };

/** The frame of `/portal/clients/:id/…`: loads the client, shows its name, tabs and a link into the workspace. */
export function PortalClientPage({
  tab,
  children,
}: {
  tab: PortalClientTab;
  children: (client: PortalClient, reload: () => void) => ReactNode;
}) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [{ data, error }, reexecute] = useQuery({ query: PortalClientQuery, variables: { id } });
  const base = `/portal/clients/${encodeURIComponent(id)}/`;

  if (!data) return <QueryState error={error} />;
  const client = data.portalClient;
  if (!client) {
    return (
      <Paper withBorder p="xl" radius="md">
        <ScreenHeader title="Client not found" />
        <Text>There is no client with this id.</Text>
      </Paper>
    );
  }

  return (
    <>
      <ScreenHeader
        title={client.name}
        actions={
          <Button
            component={Link}
            to={`/clients/${encodeURIComponent(client.id)}/`}
            variant="default"
            rightSection={<IconExternalLink size={16} />}
          >
            Open workspace
          </Button>
        }
      />
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value && value in tabPaths) navigate(base + tabPaths[value as PortalClientTab]);
        }}
        mb="lg"
      >
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="features">Features</Tabs.Tab>
          <Tabs.Tab value="msa">MSA</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {children(client, () => reexecute({ requestPolicy: 'network-only' }))}
    </>
  );
}
