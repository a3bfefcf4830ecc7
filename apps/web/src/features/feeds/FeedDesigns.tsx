import { Stack, Text, Title } from '@mantine/core';
import type { FeedDesign } from './feed';
import { FeedDesignCard } from './FeedDesignCard';
import { useTemplatesByVersion } from './useTemplatesByVersion';

/** The designs of a feed in the order items try them. */
export function FeedDesigns({
  clientId,
  feedId,
  designs,
}: {
  clientId: string;
  feedId: string;
  designs: readonly FeedDesign[];
}) {
  const templates = useTemplatesByVersion();
  return (
    <Stack gap="sm" component="section" aria-label="Designs">
      <Title order={2} fz="lg">
        Designs
      </Title>
      <Text size="sm" c="dimmed">
        An item takes the first design whose filter it passes and for which it has an image per slot.
      </Text>
      {designs.map((design) => (
        <FeedDesignCard
          key={design.id}
          clientId={clientId}
          feedId={feedId}
          design={design}
          template={templates.byVersion.get(design.templateVersionId)}
          templatesLoaded={templates.loaded}
        />
      ))}
    </Stack>
  );
}
