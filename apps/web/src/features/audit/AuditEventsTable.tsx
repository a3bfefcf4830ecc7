import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../lib/format';
import { actorLabel, detailParts, targetKindLabel, type AuditEventView } from './auditEvent';

/** Audit events, newest first: when (in the viewer's locale), who, what, on what, and the details. */
export function AuditEventsTable({
  events,
  showClient = false,
}: {
  events: readonly AuditEventView[];
  showClient?: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Audit log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            {showClient && <Table.Th>Client</Table.Th>}
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Target</Table.Th>
            <Table.Th>Details</Table.Th>
            <Table.Th>IP address</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
              </Table.Td>
              {showClient && (
                <Table.Td>{event.clientName ?? (event.clientId ? 'Deleted client' : '—')}</Table.Td>
              )}
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm">{actorLabel(event)}</Text>
                  <Group gap={4}>
                    {event.actorIsStaff && (
                      <Badge size="xs" variant="light" color="grape">
                        Staff
                      </Badge>
                    )}
                    {event.viaStaffLink && (
                      <Badge size="xs" variant="light" color="orange">
                        Staff sign-in link
                      </Badge>
                    )}
                  </Group>
                </Stack>
              </Table.Td>
              <Table.Td>{event.actionLabel}</Table.Td>
              <Table.Td>
                {event.targetLabel ? (
                  <Stack gap={0}>
                    <Text size="sm">{event.targetLabel}</Text>
                    <Text size="xs" c="dimmed">
                      {targetKindLabel(event.targetKind)}
                    </Text>
                  </Stack>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                <Text size="xs">{detailParts(event.detailsJson).join(' · ') || '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {event.ip ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
