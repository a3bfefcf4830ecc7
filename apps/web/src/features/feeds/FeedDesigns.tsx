import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { EditFeedDesignsModal } from './EditFeedDesignsModal';
import type { FeedDetail } from './feed';
import { FeedDesignCard } from './FeedDesignCard';

/** The designs of a feed in the order items try them, with the button that edits them. */
export function FeedDesigns({ clientId, feed }: { clientId: string; feed: FeedDetail }) {
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="sm" component="section" aria-label="Designs">
      <Group justify="space-between" gap="xs">
        <Title order={2} fz="lg">
          Designs
        </Title>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPencil size={14} />}
          onClick={() => setEditing(true)}
        >
          Edit designs and filters
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        An item takes the first design whose filter it passes and for which it has an image per slot.
      </Text>
      {feed.designs.map((design) => (
        <FeedDesignCard key={design.id} clientId={clientId} feedId={feed.id} design={design} />
      ))}
      <EditFeedDesignsModal feed={feed} opened={editing} onClose={() => setEditing(false)} />
    </Stack>
  );
}
