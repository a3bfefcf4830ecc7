import { Group, Paper, Spoiler, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import type { BrandGuide } from './brandKit';
import { GuideContent } from './GuideContent';
import { ItemMenu } from './ItemMenu';
import { useBrandKitLoading } from './useBrandKitLoading';

/** One guide: its name and its formatted text, folded when long. */
export function GuideCard({
  guide,
  onRename,
  onDelete,
}: {
  guide: BrandGuide;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { finished } = useBrandKitLoading();
  // The text is drawn once this has mounted: the guide has finished loading.
  useEffect(() => finished('GUIDE', guide.id), [finished, guide.id]);
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={guide.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{guide.name}</Text>
          <ItemMenu name={guide.name} onRename={onRename} onDelete={onDelete} />
        </Group>
        <Spoiler maxHeight={160} showLabel="Show more" hideLabel="Show less">
          <GuideContent markdown={guide.content} />
        </Spoiler>
      </Stack>
    </Paper>
  );
}
