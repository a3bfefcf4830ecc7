import { Card, Skeleton, SimpleGrid, Stack } from '@mantine/core';
import { templateGridCols } from './TemplateGrid';

/** Placeholder cards while the templates load. */
export function TemplateGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <SimpleGrid cols={templateGridCols} spacing="md" aria-busy="true" aria-label="Loading templates">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder padding="sm" radius="md">
          <Card.Section>
            <Skeleton h={200} radius={0} />
          </Card.Section>
          <Stack gap={8} mt="sm">
            <Skeleton h={16} w="70%" />
            <Skeleton h={12} w="50%" />
            <Skeleton h={12} w="40%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
