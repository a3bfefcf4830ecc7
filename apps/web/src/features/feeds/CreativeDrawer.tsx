import { Anchor, Drawer, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { clientUrl } from '../../app/routes';
import { formatDateTime } from '../../lib/format';
import { CatalogItemDetails } from './CatalogItemDetails';
import { CreativeImage } from './CreativeImage';
import { CreativeStatusBadge } from './CreativeStatusBadge';
import type { Creative, FeedDetail } from './feed';
import { catalogIdFromExportUrls, designLabel } from './feedFormat';

/** One item of a feed: its ad large, its state, and the catalogue fields it was made from. */
export function CreativeDrawer({
  clientId,
  feed,
  itemId,
  creative,
  onClose,
}: {
  clientId: string;
  feed: FeedDetail;
  itemId: string | null;
  creative: Creative | undefined;
  onClose: () => void;
}) {
  const design = creative?.designId ? feed.designs.find((d) => d.id === creative.designId) : undefined;
  return (
    <Drawer
      opened={itemId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={itemId ? `Item ${itemId}` : 'Item'}
    >
      {itemId && (
        <Stack gap="md">
          {creative && (
            <Stack gap="xs">
              <CreativeImage url={creative.imageUrl} alt={`Ad of item ${itemId}`} />
              <Group gap="xs">
                <CreativeStatusBadge status={creative.status} />
                {design && (
                  <Anchor
                    component={Link}
                    to={clientUrl(clientId, 'feeds/:id/design/:designId/', {
                      id: feed.id,
                      designId: design.id,
                    })}
                    size="sm"
                  >
                    {designLabel(design.position)}
                  </Anchor>
                )}
              </Group>
              {creative.error && (
                <Text size="sm" c="red">
                  {creative.error}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                Updated {formatDateTime(creative.updatedAt)} · {creative.attempts}{' '}
                {creative.attempts === 1 ? 'attempt' : 'attempts'}
              </Text>
            </Stack>
          )}
          <CatalogItemDetails catalogId={catalogIdFromExportUrls(feed.exportUrls)} itemId={itemId} />
        </Stack>
      )}
    </Drawer>
  );
}
