import { Card, Stack, Text } from '@mantine/core';
import { CreativeImage } from './CreativeImage';

/** One item of the preview: its ad, or its original image for comparison. */
export function PreviewCard({
  itemId,
  title,
  imageUrl,
  showing,
  loading,
}: {
  itemId: string;
  title: string | undefined;
  imageUrl: string | null | undefined;
  showing: 'ads' | 'originals';
  loading: boolean;
}) {
  const ads = showing === 'ads';
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={`Item ${itemId}`}>
      <Card.Section>
        <CreativeImage
          url={imageUrl}
          alt={ads ? `Ad of item ${itemId}` : `Original image of item ${itemId}`}
          emptyText={loading ? 'Loading…' : ads ? 'No ad' : 'No original image'}
        />
      </Card.Section>
      <Stack gap={2} mt="sm">
        <Text size="sm" ff="monospace" truncate="end">
          {itemId}
        </Text>
        {title && (
          <Text size="sm" c="dimmed" truncate="end">
            {title}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
