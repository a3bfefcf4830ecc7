import { Badge, Button, Code, Table, Text } from '@mantine/core';
import type { ResultOf } from 'gql.tada';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import type { OutboxQuery } from './api/outbox';

type OutboxMail = ResultOf<typeof OutboxQuery>['outbox'][number];

export function OutboxRow({ mail }: { mail: OutboxMail }) {
  const [expanded, setExpanded] = useState(false);
  const textId = `outbox-text-${mail.id}`;
  return (
    <>
      {/* The whole row toggles the text; the button is its keyboard-reachable control (its click bubbles here). */}
      <Table.Tr onClick={() => setExpanded((open) => !open)} style={{ cursor: 'pointer' }}>
        <Table.Td>{mail.to}</Table.Td>
        <Table.Td>{mail.subject}</Table.Td>
        <Table.Td>{formatDateTime(mail.createdAt)}</Table.Td>
        <Table.Td>
          <Badge variant="light" color={mail.error ? 'red' : 'gray'}>
            {mail.transport}
          </Badge>
          {mail.error && (
            <Text size="xs" c="red">
              {mail.error}
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          <Button size="xs" variant="subtle" aria-expanded={expanded} aria-controls={textId}>
            {expanded ? 'Hide text' : 'Show text'}
          </Button>
        </Table.Td>
      </Table.Tr>
      {expanded && (
        <Table.Tr id={textId}>
          <Table.Td colSpan={5}>
            <Code block style={{ whiteSpace: 'pre-wrap' }}>
              {mail.text}
            </Code>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
