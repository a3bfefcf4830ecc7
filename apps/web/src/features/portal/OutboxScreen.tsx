import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { OutboxQuery } from './api/outbox';
import { OutboxRow } from './OutboxRow';

/** `/portal/outbox/`: the emails the server sent or tried to send, newest first. */
export function OutboxScreen() {
  const [{ data, error, fetching }, reexecute] = useQuery({ query: OutboxQuery, variables: { limit: 50 } });

  return (
    <>
      <ScreenHeader
        title="Outbox"
        description="The latest 50 emails the server sent or tried to send."
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={fetching}
            onClick={() => reexecute({ requestPolicy: 'network-only' })}
          >
            Refresh
          </Button>
        }
      />
      {!data ? (
        <QueryState error={error} />
      ) : data.outbox.length === 0 ? (
        <Text c="dimmed">No emails yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>To</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Transport</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Text</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.outbox.map((mail) => (
                <OutboxRow key={mail.id} mail={mail} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
