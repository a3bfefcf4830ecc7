import { Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconTemplate } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type FeatureInfo, featureListPath, libraryPathForTag } from './model/featureEffects';

/** A feature's name, group, where it is read from and what it means, with "Use in a template" when it can be. */
export function FeatureHeader({
  feature,
  clientId,
  search,
}: {
  feature: FeatureInfo;
  clientId: string;
  search: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Feature">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6} maw={720}>
          <Group gap="xs">
            <Title order={2} fz="xl">
              {feature.label}
            </Title>
            <Badge variant="light">{feature.group}</Badge>
            <Badge variant="outline" color="gray">
              {feature.source === 'image' ? 'Read from the image' : 'Read from the template'}
            </Badge>
          </Group>
          <Text c="dimmed">{feature.description}</Text>
        </Stack>
        <Group gap="xs">
          <Button
            component={Link}
            to={featureListPath(clientId, search)}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            All features
          </Button>
          {feature.templateTag ? (
            <Button
              component={Link}
              to={libraryPathForTag(clientId, feature.templateTag.id)}
              leftSection={<IconTemplate size={16} />}
            >
              Use in a template
            </Button>
          ) : (
            <Tooltip label="No tag of the template library matches this feature exactly.">
              <Text size="xs" c="dimmed">
                No library tag
              </Text>
            </Tooltip>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
