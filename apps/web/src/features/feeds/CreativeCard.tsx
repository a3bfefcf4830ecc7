import { Card, Stack, Text, UnstyledButton } from '@mantine/core';
import { CreativeImage } from './CreativeImage';
import { CreativeStatusBadge } from './CreativeStatusBadge';
import type { Creative } from './feed';

/** One creative of the gallery: the ad at its aspect ratio, the item id, its status and, if failed, why. */
export function CreativeCard({ creative, onOpen }: { creative: Creative; onOpen: () => void }) {
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={`Item ${creative.itemId}`}>
      <Card.Section>
        <UnstyledButton onClick={onOpen} aria-label={`Open item ${creative.itemId}`} display="block" w="100%">
          <CreativeImage url={creative.imageUrl} alt={`Ad of item ${creative.itemId}`} />
        </UnstyledButton>
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Text size="sm" ff="monospace" truncate="end" title={creative.itemId}>
          {creative.itemId}
        </Text>
        <CreativeStatusBadge status={creative.status} />
        {creative.status === 'FAILED' && creative.error && (
          <Text size="xs" c="red" lineClamp={3} title={creative.error}>
            {creative.error}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
