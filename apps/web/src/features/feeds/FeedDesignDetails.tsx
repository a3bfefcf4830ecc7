import { Button, Code, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { clientUrl } from '../../app/routes';
import { formatTemplateSize, TemplateThumbnail } from '../templates';
import { DesignSlotTable } from './DesignSlotTable';
import { DesignTemplateName } from './DesignTemplateName';
import { DesignUsage } from './DesignUsage';
import { DesignVersionNotice } from './DesignVersionNotice';
import type { FeedDetail } from './feed';
import { designSlotRows } from './feedDraft';
import { designLabel, parseSlotFeatures, prettyJson } from './feedFormat';
import { useTemplatesById } from './useTemplatesById';

/** One design of a feed: its template, its slot features and item filter, and the ads that took it. */
export function FeedDesignDetails({
  clientId,
  feed,
  designId,
}: {
  clientId: string;
  feed: FeedDetail;
  designId: string;
}) {
  const templates = useTemplatesById();
  const design = feed.designs.find((candidate) => candidate.id === designId);
  if (!design)
    return (
      <Paper withBorder p="xl" radius="md">
        <Stack gap="md" align="flex-start">
          <Text fw={600}>Design {designId} is not part of this feed</Text>
          <Button component={Link} to={clientUrl(clientId, 'feeds/:id/', { id: feed.id })}>
            Back to the feed
          </Button>
        </Stack>
      </Paper>
    );

  const label = designLabel(design.position);
  const version = design.templateVersion;
  const template = version ? templates.byId.get(version.templateId) : undefined;
  // The slots as the template's newest version has them (a design on an older one: as close as known).
  const rows = designSlotRows(template?.slots, parseSlotFeatures(design.slotFeaturesJson));
  return (
    <Stack gap="lg" component="section" aria-label={label}>
      <Title order={2} fz="xl">
        {label} of {feed.designs.length}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <TemplateThumbnail
              url={version?.thumbnailUrl}
              name={version?.templateName ?? label}
              height={320}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <Group gap="xs">
              <Text>Template:</Text>
              <DesignTemplateName clientId={clientId} design={design} />
            </Group>
            {version?.isNewest && (
              <Text size="sm" c="dimmed">
                Version {version.versionNumber} (the newest)
                {template ? ` · ${formatTemplateSize(template.width, template.height)}` : ''}
              </Text>
            )}
            <DesignVersionNotice clientId={clientId} feedId={feed.id} design={design} />
            <Text size="sm" c="dimmed">
              An item takes the first design whose filter it passes and for which it has an image per slot.
            </Text>
            <DesignUsage feed={feed} designId={design.id} />
          </Stack>
        </Grid.Col>
      </Grid>
      <Stack gap="xs">
        <Title order={3} fz="md">
          Slot features
        </Title>
        <DesignSlotTable rows={rows} />
      </Stack>
      <Stack gap="xs">
        <Title order={3} fz="md">
          Item filter
        </Title>
        {design.itemFilterJson ? (
          <Code block>{prettyJson(design.itemFilterJson)}</Code>
        ) : (
          <Text size="sm" c="dimmed">
            No filter: every item with an image per slot can take this design.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
