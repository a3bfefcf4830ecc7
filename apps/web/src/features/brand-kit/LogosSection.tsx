import { SimpleGrid } from '@mantine/core';
import type { BrandKitItemRef, BrandKitLimit, BrandLogo } from './brandKit';
import { BrandKitSection } from './BrandKitSection';
import { formatBytes } from './brandKitFormat';
import { FilePickerButton } from './FilePickerButton';
import { LogoCard } from './LogoCard';
import { UploadList } from './UploadList';
import { useDeleteBrandKitItem } from './useBrandKitActions';
import { useBrandKitLoading } from './useBrandKitLoading';
import { useBrandKitUpload } from './useBrandKitUpload';

/** Logos: PNG, JPEG or SVG files with thumbnails; the first is the main logo of ads. */
export function LogosSection({
  logos,
  limit,
  onRename,
}: {
  logos: readonly BrandLogo[];
  limit: BrandKitLimit;
  onRename: (item: BrandKitItemRef) => void;
}) {
  const { uploads, addFiles } = useBrandKitUpload('LOGO', limit);
  const { counters } = useBrandKitLoading();
  const remove = useDeleteBrandKitItem();
  const ref = (logo: BrandLogo): BrandKitItemRef => ({ id: logo.id, name: logo.name, type: 'LOGO' });
  return (
    <BrandKitSection
      title="Logos"
      description={`PNG, JPEG or SVG, up to ${formatBytes(limit.maxBytes ?? 0)} each. Ads use the first logo as their main logo; SVG files are cleaned of scripts and outside links.`}
      limit={limit}
      loadingCount={counters.LOGO}
      empty={logos.length === 0 && uploads.length === 0}
      action={
        <FilePickerButton
          kind="LOGO"
          label="Upload logos"
          multiple
          disabled={limit.count >= limit.maxItems}
          busy={uploads.length > 0}
          onFiles={addFiles}
        />
      }
    >
      <UploadList uploads={uploads} />
      {logos.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
          {logos.map((logo, index) => (
            <LogoCard
              key={logo.id}
              logo={logo}
              isMain={index === 0}
              onRename={() => onRename(ref(logo))}
              onDelete={() => remove(ref(logo))}
            />
          ))}
        </SimpleGrid>
      )}
    </BrandKitSection>
  );
}
