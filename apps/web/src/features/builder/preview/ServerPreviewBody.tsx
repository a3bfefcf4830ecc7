import { Alert, Button, Group, Image, Loader, Stack, Text } from '@mantine/core';
import type { ServerPreviewView } from './useServerPreview';

/** What the server preview box shows for each state: a hint, progress, the ad, or the spec's message. */
export function ServerPreviewBody({
  view,
  itemTitle,
  onRetry,
}: {
  view: ServerPreviewView;
  itemTitle: string;
  onRetry: () => void;
}) {
  switch (view.phase) {
    case 'needsTemplate':
      return (
        <Text size="sm" c="dimmed">
          Save the template to see it generated on the server.
        </Text>
      );
    case 'needsItem':
      return (
        <Text size="sm" c="dimmed">
          Pick an item to see the saved template generated with it.
        </Text>
      );
    case 'starting':
    case 'waiting':
    case 'polling':
      return (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Generating the preview…
          </Text>
        </Group>
      );
    case 'ready':
      return <Image src={view.adUrl} alt={`Server preview of ${itemTitle}`} radius="sm" fit="contain" />;
    case 'failed':
      return (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{view.message}</Text>
            <Button size="xs" variant="default" onClick={onRetry}>
              Try again
            </Button>
          </Stack>
        </Alert>
      );
  }
}
