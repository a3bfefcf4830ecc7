import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  List,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { exportFormat } from './feedFormat';

const formatNames = { XML: 'XML feed (RSS 2.0 with g: fields)', CSV: 'CSV feed' } as const;

/**
 * The URLs ad networks fetch the feed from, each with a copy button, where to paste them, and the
 * button that rotates their secret.
 */
export function FeedExportUrls({
  urls,
  onRotate,
  rotating = false,
}: {
  urls: readonly string[];
  onRotate?: () => void;
  rotating?: boolean;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Export URLs">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Export URLs
        </Title>
        <Text size="sm" c="dimmed">
          Each generated item is listed with its catalogue fields and its ad as the image. Items without an ad
          are left out; an ad being made again keeps its current image until the new one is ready.
        </Text>
        {urls.map((url) => {
          const format = exportFormat(url);
          const label = format ? formatNames[format] : 'Feed';
          return (
            <TextInput
              key={url}
              label={label}
              value={url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              rightSection={
                <CopyButton value={url} timeout={2000}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow position="left">
                      <ActionIcon
                        variant="subtle"
                        color={copied ? 'teal' : 'gray'}
                        onClick={copy}
                        aria-label={copied ? `Copied the ${label} URL` : `Copy the ${label} URL`}
                      >
                        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              }
            />
          );
        })}
        <Text size="sm" fw={600} mt="xs">
          Where to paste them
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            Meta Commerce Manager: in your catalogue, add a data source as a scheduled data feed and paste the
            XML URL. Meta fetches it on the schedule you choose.
          </List.Item>
          <List.Item>
            Google Merchant Center: add a product source from a file by link and paste the XML URL (or the CSV
            URL), with a daily fetch.
          </List.Item>
          <List.Item>
            The URLs carry a secret instead of a sign-in: share them only with your ad accounts. Deleting the
            feed stops them, and so does rotating the export token, which gives the feed new URLs.
          </List.Item>
        </List>
        {onRotate && (
          <Group>
            <Button
              variant="default"
              color="red"
              leftSection={<IconKey size={16} />}
              onClick={onRotate}
              loading={rotating}
            >
              Rotate export token
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
