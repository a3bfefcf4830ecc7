import { Stack } from '@mantine/core';
import { useState } from 'react';
import type { BrandFont, BrandKitItemRef, BrandKitLimit } from './brandKit';
import { BrandKitSection } from './BrandKitSection';
import { formatBytes } from './brandKitFormat';
import { FilePickerButton } from './FilePickerButton';
import { FontLicenceModal } from './FontLicenceModal';
import { FontRow } from './FontRow';
import { UploadList } from './UploadList';
import { useDeleteBrandKitItem } from './useBrandKitActions';
import { useBrandKitLoading } from './useBrandKitLoading';
import { useBrandKitUpload } from './useBrandKitUpload';

/** Fonts: TTF, OTF, WOFF or WOFF2 files at weight 400, uploaded once the licence is confirmed. */
export function FontsSection({
  fonts,
  limit,
  onRename,
}: {
  fonts: readonly BrandFont[];
  limit: BrandKitLimit;
  onRename: (item: BrandKitItemRef) => void;
}) {
  const { uploads, addFiles } = useBrandKitUpload('FONT', limit);
  const { counters } = useBrandKitLoading();
  const remove = useDeleteBrandKitItem();
  const [pending, setPending] = useState<File | null>(null);
  const ref = (font: BrandFont): BrandKitItemRef => ({ id: font.id, name: font.name, type: 'FONT' });
  return (
    <>
      <BrandKitSection
        title="Fonts"
        description={`TTF, OTF, WOFF or WOFF2, up to ${formatBytes(limit.maxBytes ?? 0)} each, one weight (400) per file. Each appears in the builder's font list under its name.`}
        limit={limit}
        loadingCount={counters.FONT}
        empty={fonts.length === 0 && uploads.length === 0}
        action={
          <FilePickerButton
            kind="FONT"
            label="Upload font"
            disabled={limit.count >= limit.maxItems}
            busy={uploads.length > 0}
            onFiles={([file]) => setPending(file ?? null)}
          />
        }
      >
        <UploadList uploads={uploads} />
        <Stack gap="sm">
          {fonts.map((font) => (
            <FontRow
              key={font.id}
              font={font}
              onRename={() => onRename(ref(font))}
              onDelete={() => remove(ref(font))}
            />
          ))}
        </Stack>
      </BrandKitSection>
      <FontLicenceModal
        file={pending}
        onClose={() => setPending(null)}
        onConfirm={(file) => {
          setPending(null);
          addFiles([file], { legalAgreement: true });
        }}
      />
    </>
  );
}
