import { Button, Popover, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** "How lift is computed": the server's own description of the regression and of a winner, on demand. */
export function MethodNote({ method, winnerDefinition }: { method: string; winnerDefinition?: string }) {
  return (
    <Popover width={420} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <Button size="xs" variant="subtle" leftSection={<IconInfoCircle size={14} />}>
          How lift is computed
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Title order={3} fz="sm">
            How lift is computed
          </Title>
          <Text size="sm">{method}</Text>
          {winnerDefinition && (
            <>
              <Title order={3} fz="sm">
                Hit rate
              </Title>
              <Text size="sm">{winnerDefinition}</Text>
            </>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
