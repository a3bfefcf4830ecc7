import { Card, Stack, Text } from '@mantine/core';
import { CreativeImage } from './CreativeImage';

/** One item of the preview: its ad (or its original image for comparison), its title and price. */
export function PreviewCard({
  itemId,
  title,
  price,
  imageUrl,
  showing,
  loading,
}: {
  itemId: string;
  title: string | undefined;
  /** The item's price as people read it ('129.00 USD', or the sale price and the price). */
  price: string | null;
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
        {title && (
          <Text size="sm" fw={600} truncate="end" title={title}>
            {title}
          </Text>
        )}
        {price && <Text size="sm">{price}</Text>}
        <Text size="xs" c="dimmed" ff="monospace" truncate="end">
          {itemId}
        </Text>
      </Stack>
    </Card>
  );
}
