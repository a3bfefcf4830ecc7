import { Anchor, Box, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { clientUrl } from '../../app/routes';
import { TemplateThumbnail } from '../templates';
import { DesignTemplateName } from './DesignTemplateName';
import { DesignVersionNotice } from './DesignVersionNotice';
import type { FeedDesign } from './feed';
import { describeSlotFeatures, designLabel } from './feedFormat';

/**
 * One design of a feed: its picture (the first ad the feed made with it, else its template version's
 * thumbnail), its template and version (with what to do when it is an older one), the slot features it
 * changes, its item filter, and a link to it.
 */
export function FeedDesignCard({
  clientId,
  feedId,
  design,
}: {
  clientId: string;
  feedId: string;
  design: FeedDesign;
}) {
  const label = designLabel(design.position);
  const slots = describeSlotFeatures(design.slotFeaturesJson);
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={label}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Box w={96} style={{ flexShrink: 0, borderRadius: 4, overflow: 'hidden' }}>
          <TemplateThumbnail
            url={design.firstCreativeImageUrl ?? design.templateVersion?.thumbnailUrl}
            name={design.templateVersion?.templateName ?? label}
            height={96}
          />
        </Box>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs">
            <Text fw={600}>{label}</Text>
            <Text c="dimmed">·</Text>
            <DesignTemplateName clientId={clientId} design={design} />
          </Group>
          <DesignVersionNotice clientId={clientId} feedId={feedId} design={design} />
          {slots.length === 0 ? (
            <Text size="sm" c="dimmed">
              Slots as the template designs them.
            </Text>
          ) : (
            slots.map((slot) => (
              <Text size="sm" key={slot.slotId}>
                <Code>{slot.slotId}</Code> {slot.features.join(', ')}
              </Text>
            ))
          )}
          <Text size="sm" c="dimmed" lineClamp={2} style={{ wordBreak: 'break-all' }}>
            {design.itemFilterJson
              ? `Item filter: ${design.itemFilterJson}`
              : 'No item filter: every item can take it.'}
          </Text>
          <Anchor
            component={Link}
            to={clientUrl(clientId, 'feeds/:id/design/:designId/', { id: feedId, designId: design.id })}
            size="sm"
          >
            Open {label.toLowerCase()}
          </Anchor>
        </Stack>
      </Group>
    </Paper>
  );
}
