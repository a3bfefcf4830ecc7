import { Button, Group, Paper, Text } from '@mantine/core';
import { type CatalogDiagnostics, networkName, readyColor, readyPercent } from './diagnostics';

/**
 * One line above the catalogue's tabs: how many items Meta and Google would take, before any feed is
 * exported, with the way to the reasons.
 */
export function ReadinessSummary({
  diagnostics,
  onOpen,
}: {
  diagnostics: CatalogDiagnostics;
  onOpen: () => void;
}) {
  if (!diagnostics.diagnosed)
    return (
      <Paper withBorder px="md" py="xs" radius="md" aria-label="Readiness for ad networks">
        <Text size="sm" c="dimmed">
          Readiness for Meta and Google appears after the next import of this catalogue.
        </Text>
      </Paper>
    );
  return (
    <Paper withBorder px="md" py="xs" radius="md" aria-label="Readiness for ad networks">
      <Group justify="space-between" gap="md">
        <Group gap="xl">
          {diagnostics.networks.map((network) => {
            const percent = readyPercent(network.readyCount, diagnostics.itemCount);
            return (
              <Text key={network.network} size="sm">
                Ready for {networkName(network.network)}:{' '}
                <Text span fw={700} c={readyColor(percent)}>
                  {percent} %
                </Text>{' '}
                <Text span c="dimmed">
                  ({network.readyCount.toLocaleString('en')} of {diagnostics.itemCount.toLocaleString('en')})
                </Text>
              </Text>
            );
          })}
        </Group>
        <Button size="xs" variant="light" onClick={onOpen}>
          {diagnostics.issues.length > 0 ? 'See why' : 'Diagnostics'}
        </Button>
      </Group>
    </Paper>
  );
}
