import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TemplateSummary } from './template';
import { TemplateCardMenu, type TemplateMenuActions } from './TemplateCardMenu';
import { formatTemplateSize, formatTimeAgo } from './templateFormat';
import { TemplateTags } from './TemplateTags';
import { TemplateThumbnail } from './TemplateThumbnail';

/** One template of the grid: thumbnail, name, size, version, last edit, tags and its menu. */
export function TemplateCard({
  template,
  openUrl,
  actions,
  busy,
}: {
  template: TemplateSummary;
  openUrl: string;
  actions: TemplateMenuActions;
  busy: boolean;
}) {
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={template.name}>
      <Card.Section>
        <TemplateThumbnail url={template.thumbnailUrl} name={template.name} />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Anchor component={Link} to={openUrl} fw={600} lineClamp={2} style={{ wordBreak: 'break-word' }}>
            {template.name}
          </Anchor>
          <TemplateCardMenu template={template} openUrl={openUrl} actions={actions} busy={busy} />
        </Group>
        <Text size="sm" c="dimmed">
          {formatTemplateSize(template.width, template.height)} · Version {template.versionNumber}
        </Text>
        <Text size="sm" c="dimmed">
          Edited {formatTimeAgo(template.updatedAt)}
        </Text>
        {template.archived && (
          <Badge size="sm" color="yellow" variant="light" w="fit-content">
            Archived
          </Badge>
        )}
        <TemplateTags tags={template.tags} />
      </Stack>
    </Card>
  );
}
