import { Button, Card, ColorSwatch, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { BrandColor, BrandKitLimit } from './brandKit';
import { BrandKitSection } from './BrandKitSection';
import { ColorModal } from './ColorModal';
import { ItemMenu } from './ItemMenu';
import { useDeleteBrandKitItem } from './useBrandKitActions';

/** Colours: the palette; the first is the primary colour of ads. */
export function ColorsSection({
  colors,
  limit,
  maxNameLength,
}: {
  colors: readonly BrandColor[];
  limit: BrandKitLimit;
  maxNameLength: number;
}) {
  const [dialog, setDialog] = useState<{ editing: BrandColor | null } | null>(null);
  const remove = useDeleteBrandKitItem();
  return (
    <>
      <BrandKitSection
        title="Colours"
        description="Hex colours. Ads recolour their primary-colour layers with the first one."
        limit={limit}
        empty={colors.length === 0}
        action={
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={limit.count >= limit.maxItems}
            onClick={() => setDialog({ editing: null })}
          >
            Add colour
          </Button>
        }
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
          {colors.map((color, index) => (
            <Card
              key={color.id}
              withBorder
              padding="sm"
              radius="md"
              component="article"
              aria-label={color.name}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Group gap="sm" wrap="nowrap">
                  <ColorSwatch color={color.textContent} size={36} />
                  <Stack gap={0}>
                    <Text fw={600} size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                      {color.name}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {color.textContent}
                    </Text>
                    {index === 0 && (
                      <Text size="xs" c="blue.7">
                        Primary colour
                      </Text>
                    )}
                  </Stack>
                </Group>
                <ItemMenu
                  name={color.name}
                  onChangeColour={() => setDialog({ editing: color })}
                  onDelete={() => remove({ id: color.id, name: color.name, type: 'COLOR' })}
                />
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </BrandKitSection>
      <ColorModal
        opened={dialog !== null}
        editing={dialog?.editing ?? null}
        maxNameLength={maxNameLength}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
