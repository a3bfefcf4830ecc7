import { Card, Center, Group, Image, Stack, Text } from '@mantine/core';
import type { BrandLogo } from './brandKit';
import { formatBytes } from './brandKitFormat';
import { ItemMenu } from './ItemMenu';
import { useBrandKitLoading } from './useBrandKitLoading';

const FORMAT_NAMES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/svg+xml': 'SVG',
};

/** One logo: its thumbnail on a checkerboard (logos are often transparent), name, size and menu. */
export function LogoCard({
  logo,
  isMain,
  onRename,
  onDelete,
}: {
  logo: BrandLogo;
  isMain: boolean;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { finished } = useBrandKitLoading();
  const done = () => finished('LOGO', logo.id);
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={logo.name}>
      <Card.Section>
        <Center
          h={120}
          p="sm"
          style={{
            background:
              'repeating-conic-gradient(var(--mantine-color-gray-1) 0% 25%, var(--mantine-color-white) 0% 50%) 50% / 16px 16px',
          }}
        >
          {logo.content.thumbnailUrl && (
            <Image
              src={logo.content.thumbnailUrl}
              alt={`Logo ${logo.name}`}
              fit="contain"
              h="100%"
              w="100%"
              onLoad={done}
              onError={done}
            />
          )}
        </Center>
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text fw={600} lineClamp={2} style={{ wordBreak: 'break-word' }}>
            {logo.name}
          </Text>
          <ItemMenu
            name={logo.name}
            downloadUrl={logo.content.downloadUrl}
            onRename={onRename}
            onDelete={onDelete}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {FORMAT_NAMES[logo.content.contentType] ?? logo.content.contentType} · {logo.width} × {logo.height}{' '}
          · {formatBytes(logo.content.size)}
        </Text>
        {isMain && (
          <Text size="xs" c="blue.7">
            Main logo of ads
          </Text>
        )}
      </Stack>
    </Card>
  );
}
