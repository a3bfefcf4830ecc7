import { Button, Group, Switch, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { PortalClientsQuery } from './api/portalClients';
import { PortalClientsTable } from './PortalClientsTable';

/** `/portal/clients/`: every client, paying ones by default, searchable by name. */
export function PortalClientsScreen() {
  const [onlyPaying, setOnlyPaying] = useState(true);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [{ data, error }] = useQuery({
    query: PortalClientsQuery,
    variables: { onlyPaying, search: debouncedSearch || null },
  });

  return (
    <>
      <ScreenHeader
        title="Clients"
        description="Every client workspace, with its plan and members."
        actions={
          <Button component={Link} to="/portal/client-create/" leftSection={<IconBuildingPlus size={16} />}>
            New client
          </Button>
        }
      />
      <Group mb="md" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Client name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={300}
        />
        <Switch
          label="Only paying clients"
          checked={onlyPaying}
          onChange={(event) => setOnlyPaying(event.currentTarget.checked)}
          mb={8}
        />
      </Group>
      {data ? <PortalClientsTable clients={data.portalClients} /> : <QueryState error={error} />}
    </>
  );
}
