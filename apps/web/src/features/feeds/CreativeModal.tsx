import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Grid,
  Group,
  Modal,
  Progress,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconExternalLink,
  IconPhotoOff,
  IconRefresh,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { clientUrl } from '../../app/routes';
import { formatDateTime } from '../../lib/format';
import { catalogItemUrl } from '../catalogs';
import { CatalogItemDetails } from './CatalogItemDetails';
import { CreativeStatusBadge } from './CreativeStatusBadge';
import type { Creative, FeedDetail } from './feed';
import { creativeFileName, designLabel, isCreativeWorking, neighbours } from './feedFormat';
import { useRegenerateCreative } from './useRegenerateCreative';

/**
 * One creative opened large (issue 16, item 8): the ad at full size (as large as the window allows), the
 * item's title, price and id, arrows (and the arrow keys) to the previous and next item of the page, and
 * Download, Regenerate (with its progress until the item is done) and "Open in catalogue".
 */
export function CreativeModal({
  clientId,
  feed,
  creatives,
  itemId,
  onOpen,
  onChanged,
}: {
  clientId: string;
  feed: FeedDetail;
  /** The gallery's page: what the arrows step through. */
  creatives: readonly Creative[];
  /** The open item; null: closed. */
  itemId: string | null;
  onOpen: (itemId: string | null) => void;
  /** An item was made again: the gallery reads its page again. */
  onChanged: () => void;
}) {
  const regenerating = useRegenerateCreative(feed.id, onChanged);
  const listed = creatives.find((creative) => creative.itemId === itemId);
  // While an item is made again, its state as last read (the page is read again when it is done).
  const latest = regenerating.latest?.itemId === itemId ? regenerating.latest : null;
  const creative = latest && (!listed || latest.updatedAt > listed.updatedAt) ? latest : listed;
  const { previous, next } = neighbours(creatives, itemId);
  const position = creatives.findIndex((entry) => entry.itemId === itemId);
  const working =
    itemId !== null &&
    (regenerating.working === itemId || (creative !== undefined && isCreativeWorking(creative.status)));
  const design = creative?.designId ? feed.designs.find((d) => d.id === creative.designId) : undefined;
  useHotkeys(
    itemId === null
      ? []
      : [
          ['ArrowLeft', () => previous && onOpen(previous.itemId)],
          ['ArrowRight', () => next && onOpen(next.itemId)],
        ],
  );

  return (
    <Modal
      opened={itemId !== null}
      onClose={() => onOpen(null)}
      title={itemId ? `Item ${itemId}` : 'Item'}
      size="min(1320px, calc(100vw - 2rem))"
    >
      {itemId && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              <Box
                style={{
                  background: 'repeating-conic-gradient(#e9ecef 0% 25%, #f8f9fa 0% 50%) 50% / 16px 16px',
                  borderRadius: 4,
                }}
              >
                {creative?.imageUrl ? (
                  <img
                    src={creative.imageUrl}
                    alt={`Ad of item ${itemId}`}
                    style={{
                      display: 'block',
                      margin: '0 auto',
                      maxWidth: '100%',
                      maxHeight: 'calc(100vh - 240px)',
                      objectFit: 'contain',
                    }}
                  />
                ) : (
                  <Stack align="center" gap={4} c="dimmed" py={80}>
                    <IconPhotoOff size={40} stroke={1.5} aria-hidden />
                    <Text size="sm">No ad for this item</Text>
                  </Stack>
                )}
              </Box>
              <Group justify="space-between">
                <Tooltip label="Previous (←)">
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label="Previous ad"
                    disabled={!previous}
                    onClick={() => previous && onOpen(previous.itemId)}
                  >
                    <IconChevronLeft size={18} />
                  </ActionIcon>
                </Tooltip>
                <Text size="sm" c="dimmed">
                  {position >= 0 ? `${position + 1} of ${creatives.length} on this page` : ''}
                </Text>
                <Tooltip label="Next (→)">
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label="Next ad"
                    disabled={!next}
                    onClick={() => next && onOpen(next.itemId)}
                  >
                    <IconChevronRight size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Group gap="xs" wrap="wrap">
                <Button
                  component="a"
                  href={creative?.imageUrl ?? undefined}
                  download={creativeFileName(feed.name, itemId)}
                  leftSection={<IconDownload size={16} />}
                  disabled={!creative?.imageUrl}
                >
                  Download
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconRefresh size={16} />}
                  loading={working}
                  onClick={() => regenerating.regenerate(itemId)}
                  disabled={!creative || creative.status === 'ARCHIVED'}
                >
                  Regenerate
                </Button>
                <Button
                  variant="subtle"
                  component={Link}
                  to={catalogItemUrl(clientId, feed.catalogId, itemId)}
                  rightSection={<IconExternalLink size={16} />}
                >
                  Open in catalogue
                </Button>
              </Group>
              {working && (
                <Stack gap={4}>
                  <Progress value={100} striped animated aria-label="Regenerating" />
                  <Text size="sm" c="dimmed" role="status">
                    Making the ad again…
                  </Text>
                </Stack>
              )}
              {creative && (
                <Stack gap={4}>
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
                    Item id {itemId} · updated {formatDateTime(creative.updatedAt)}
                  </Text>
                </Stack>
              )}
              <CatalogItemDetails catalogId={feed.catalogId} itemId={itemId} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Modal>
  );
}
