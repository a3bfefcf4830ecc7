import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRss } from '@tabler/icons-react';
import { FeedsList } from './FeedsList';
import { NewFeedButton } from './NewFeedButton';

/** The feeds of the workspace on the products hub, with the button that creates one. */
export function FeedsHubSection() {
  return (
    <Paper withBorder p="lg" radius="md" mt="lg" component="section" aria-label="Feeds">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm">
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
              <IconRss size={20} />
            </ThemeIcon>
            <Title order={2} fz="lg">
              Feeds
            </Title>
          </Group>
          <NewFeedButton />
        </Group>
        <Text size="sm" c="dimmed">
          A feed turns each item of a product set into an ad with your templates, and gives Meta and Google a
          URL to fetch the ads from.
        </Text>
        <FeedsList emptyText="No feeds yet. Create one from a product set of a catalogue." />
      </Stack>
    </Paper>
  );
}
