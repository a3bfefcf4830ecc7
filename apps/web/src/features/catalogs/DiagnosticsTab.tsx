import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Progress,
  RingProgress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconInfoCircle, IconPhotoSearch } from '@tabler/icons-react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { mutationFailure } from '../../lib/graphqlErrors';
import { CheckCatalogImagesMutation } from './api/catalogDiagnostics';
import {
  type CatalogDiagnostics,
  imageCheckText,
  networkName,
  readyColor,
  readyPercent,
  severityLabel,
} from './diagnostics';

/**
 * The catalogue's diagnostics, as Merchant Center and Commerce Manager show theirs: per network the
 * share of items it would take, the image check, and every issue with its items, worst first.
 */
export function DiagnosticsTab({
  catalogId,
  diagnostics,
  onShowItems,
}: {
  catalogId: string;
  diagnostics: CatalogDiagnostics | null | undefined;
  onShowItems: (issueCode: string) => void;
}) {
  if (!diagnostics)
    return (
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed">Diagnostics appear once an import of the catalogue completes.</Text>
      </Paper>
    );
  return (
    <Stack gap="lg">
      {!diagnostics.diagnosed && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} title="Import again to see every issue">
          These items were imported before the diagnostics existed: only their images are judged. The next
          import judges every field.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {diagnostics.networks.map((network) => (
          <NetworkCard
            key={network.network}
            name={networkName(network.network)}
            ready={network.readyCount}
            total={diagnostics.itemCount}
          />
        ))}
      </SimpleGrid>
      <ImageCheck catalogId={catalogId} images={diagnostics.images} />
      <IssuesTable issues={diagnostics.issues} onShowItems={onShowItems} />
    </Stack>
  );
}

function NetworkCard({ name, ready, total }: { name: string; ready: number; total: number }) {
  const percent = readyPercent(ready, total);
  return (
    <Paper withBorder p="md" radius="md" aria-label={`Ready for ${name}`}>
      <Group gap="md" wrap="nowrap">
        <RingProgress
          size={88}
          thickness={9}
          roundCaps
          sections={[{ value: percent, color: readyColor(percent) }]}
          label={
            <Text ta="center" fw={700} size="sm">
              {percent} %
            </Text>
          }
        />
        <Stack gap={2}>
          <Text fw={600}>Ready for {name}</Text>
          <Text size="sm">
            {ready.toLocaleString('en')} of {total.toLocaleString('en')} items
          </Text>
          <Text size="xs" c="dimmed">
            Items with no issue {name} refuses; flagged items count as ready.
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

function ImageCheck({ catalogId, images }: { catalogId: string; images: CatalogDiagnostics['images'] }) {
  const [{ fetching }, check] = useMutation(CheckCatalogImagesMutation);
  const notify = useNotify();
  const again = async () => {
    const result = await check({ id: catalogId });
    const failure = mutationFailure(result, result.data?.checkCatalogImages);
    if (failure) notify.error(failure);
  };
  const percent =
    images.total === 0 ? 100 : Math.floor(((images.measured + images.failed) / images.total) * 100);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <IconPhotoSearch size={18} />
            <Text fw={600}>Image sizes</Text>
          </Group>
          <Button
            size="xs"
            variant="default"
            loading={fetching}
            disabled={!images.done}
            onClick={() => void again()}
          >
            Measure again
          </Button>
        </Group>
        {!images.done && images.total > 0 && (
          <Progress value={percent} animated aria-label="Images measured" />
        )}
        <Text size="sm" role="status">
          {imageCheckText(images)}
        </Text>
        <Text size="xs" c="dimmed">
          Meta wants main images of at least 500 × 500 px, Google 100 × 100 (250 × 250 for apparel). Only the
          first bytes of each image are read.
        </Text>
        {images.failures.length > 0 && (
          <List size="sm" spacing={2}>
            {images.failures.map((failure) => (
              <List.Item key={failure.reason}>
                {failure.reason}: {failure.imageCount.toLocaleString('en')}{' '}
                {failure.imageCount === 1 ? 'image' : 'images'}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}

function IssuesTable({
  issues,
  onShowItems,
}: {
  issues: CatalogDiagnostics['issues'];
  onShowItems: (issueCode: string) => void;
}) {
  if (issues.length === 0)
    return (
      <Paper withBorder p="lg" radius="md">
        <Text>No issues: every item has what Meta and Google ask for.</Text>
      </Paper>
    );
  return (
    <Stack gap="xs">
      <Title order={4}>Issues</Title>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs" aria-label="Issues">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Issue</Table.Th>
              <Table.Th w={110}>Effect</Table.Th>
              <Table.Th w={150}>Networks</Table.Th>
              <Table.Th w={90} ta="right">
                Items
              </Table.Th>
              <Table.Th w={120} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {issues.map((issue) => {
              const severity = severityLabel(issue.severity);
              return (
                <Table.Tr key={issue.code}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {issue.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {issue.fix}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Tooltip
                      label={
                        issue.severity === 'error'
                          ? 'The network does not show these items'
                          : 'Shown, with less reach or changed'
                      }
                    >
                      <Badge color={severity.color} variant="light">
                        {severity.label}
                      </Badge>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {issue.networks.map((network) => (
                        <Badge key={network} variant="outline" color="gray">
                          {networkName(network)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{issue.itemCount.toLocaleString('en')}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" onClick={() => onShowItems(issue.code)}>
                      Show items
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
