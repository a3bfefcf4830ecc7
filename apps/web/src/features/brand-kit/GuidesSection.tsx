import { Button, SimpleGrid } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { BrandGuide, BrandKitItemRef, BrandKitLimit } from './brandKit';
import { BrandKitSection } from './BrandKitSection';
import { GuideCard } from './GuideCard';
import { TextItemModal } from './TextItemModal';
import { useDeleteBrandKitItem } from './useBrandKitActions';
import { useBrandKitLoading } from './useBrandKitLoading';

/** Guides: the brand's rules as formatted text (tone of voice, logo use, photography). */
export function GuidesSection({
  guides,
  limit,
  maxNameLength,
  onRename,
}: {
  guides: readonly BrandGuide[];
  limit: BrandKitLimit;
  maxNameLength: number;
  onRename: (item: BrandKitItemRef) => void;
}) {
  const [adding, setAdding] = useState(false);
  const { counters } = useBrandKitLoading();
  const remove = useDeleteBrandKitItem();
  const ref = (guide: BrandGuide): BrandKitItemRef => ({ id: guide.id, name: guide.name, type: 'GUIDE' });
  return (
    <>
      <BrandKitSection
        title="Guides"
        description={`The brand's rules as formatted text, up to ${(limit.maxTextLength ?? 0).toLocaleString('en')} characters each.`}
        limit={limit}
        loadingCount={counters.GUIDE}
        empty={guides.length === 0}
        action={
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={limit.count >= limit.maxItems}
            onClick={() => setAdding(true)}
          >
            Add guide
          </Button>
        }
      >
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {guides.map((guide) => (
            <GuideCard
              key={guide.id}
              guide={guide}
              onRename={() => onRename(ref(guide))}
              onDelete={() => remove(ref(guide))}
            />
          ))}
        </SimpleGrid>
      </BrandKitSection>
      <TextItemModal
        kind="GUIDE"
        opened={adding}
        maxNameLength={maxNameLength}
        maxTextLength={limit.maxTextLength ?? 0}
        onClose={() => setAdding(false)}
      />
    </>
  );
}
