import { Alert, Badge, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import type { TemplateDetail } from './template';
import { formatTemplateSize, formatTimeAgo } from './templateFormat';
import { SlotTable } from './SlotTable';
import { TemplateTags } from './TemplateTags';
import { TemplateThumbnail } from './TemplateThumbnail';
import { VersionHistoryDrawer } from './VersionHistoryDrawer';

/** What a template is made of, shown until the builder can edit it. */
export function TemplateDetails({ template }: { template: TemplateDetail }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <Stack gap="lg">
      <Alert color="blue" variant="light">
        The template builder (editing) is not built yet. This page shows what the template contains.
      </Alert>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <TemplateThumbnail url={template.thumbnailUrl} name={template.name} height={420} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="sm">
            <Group gap="xs">
              <Text>{formatTemplateSize(template.width, template.height)}</Text>
              <Text c="dimmed">·</Text>
              <Text>Version {template.versionNumber}</Text>
              {template.archived && (
                <Badge color="yellow" variant="light">
                  Archived
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              Edited {formatTimeAgo(template.updatedAt)}
            </Text>
            <TemplateTags tags={template.tags} />
            <Button
              variant="default"
              leftSection={<IconHistory size={16} />}
              onClick={() => setHistoryOpen(true)}
              w="fit-content"
            >
              Version history
            </Button>
          </Stack>
        </Grid.Col>
      </Grid>
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Slots
        </Title>
        <SlotTable slots={template.slots} />
      </Stack>
      <VersionHistoryDrawer template={historyOpen ? template : null} onClose={() => setHistoryOpen(false)} />
    </Stack>
  );
}
