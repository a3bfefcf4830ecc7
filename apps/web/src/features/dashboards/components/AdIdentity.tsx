import { Group, Stack, Text } from '@mantine/core';
import { AdThumbnail } from './AdThumbnail';

/** An ad's thumbnail, name, campaign and ad set. */
export function AdIdentity({
  ad,
}: {
  ad: { name: string; campaignName: string; adSetName: string; thumbnailUrl: string | null };
}) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <AdThumbnail url={ad.thumbnailUrl} name={ad.name} />
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} truncate="end">
          {ad.name}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {ad.campaignName} · {ad.adSetName}
        </Text>
      </Stack>
    </Group>
  );
}
