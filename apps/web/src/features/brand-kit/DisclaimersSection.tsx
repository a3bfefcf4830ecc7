import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { BrandDisclaimer, BrandKitLimit } from './brandKit';
import { BrandKitSection } from './BrandKitSection';
import { ItemMenu } from './ItemMenu';
import { TextItemModal } from './TextItemModal';
import { useDeleteBrandKitItem } from './useBrandKitActions';

/** Disclaimers: short legal lines printed on ads. */
export function DisclaimersSection({
  disclaimers,
  limit,
  maxNameLength,
}: {
  disclaimers: readonly BrandDisclaimer[];
  limit: BrandKitLimit;
  maxNameLength: number;
}) {
  const [adding, setAdding] = useState(false);
  const remove = useDeleteBrandKitItem();
  return (
    <>
      <BrandKitSection
        title="Disclaimers"
        description={`Legal lines printed on ads, up to ${limit.maxTextLength ?? 0} characters each.`}
        limit={limit}
        empty={disclaimers.length === 0}
        action={
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={limit.count >= limit.maxItems}
            onClick={() => setAdding(true)}
          >
            Add disclaimer
          </Button>
        }
      >
        <Stack gap="sm">
          {disclaimers.map((disclaimer) => (
            <Paper
              key={disclaimer.id}
              withBorder
              p="sm"
              radius="md"
              component="article"
              aria-label={disclaimer.name}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {disclaimer.name}
                  </Text>
                  <Text size="sm">{disclaimer.textContent}</Text>
                </Stack>
                <ItemMenu
                  name={disclaimer.name}
                  onDelete={() => remove({ id: disclaimer.id, name: disclaimer.name, type: 'DISCLAIMER' })}
                />
              </Group>
            </Paper>
          ))}
        </Stack>
      </BrandKitSection>
      <TextItemModal
        kind="DISCLAIMER"
        opened={adding}
        maxNameLength={maxNameLength}
        maxTextLength={limit.maxTextLength ?? 0}
        onClose={() => setAdding(false)}
      />
    </>
  );
}
