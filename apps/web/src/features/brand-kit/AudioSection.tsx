import { Stack } from '@mantine/core';
import type { BrandAudio, BrandKitLimit } from './brandKit';
import { BrandKitSection } from './BrandKitSection';
import { formatBytes } from './brandKitFormat';
import { AudioRow } from './AudioRow';
import { FilePickerButton } from './FilePickerButton';
import { UploadList } from './UploadList';
import { useDeleteBrandKitItem } from './useBrandKitActions';
import { useBrandKitLoading } from './useBrandKitLoading';
import { useBrandKitUpload } from './useBrandKitUpload';

/** Audio: sonic logos, jingles and voice-overs for video ads. */
export function AudioSection({ audios, limit }: { audios: readonly BrandAudio[]; limit: BrandKitLimit }) {
  const { uploads, addFiles } = useBrandKitUpload('AUDIO', limit);
  const { counters } = useBrandKitLoading();
  const remove = useDeleteBrandKitItem();
  return (
    <BrandKitSection
      title="Audio"
      description={`MP3, WAV or M4A, up to ${formatBytes(limit.maxBytes ?? 0)} each: sonic logos, jingles and voice-overs for video ads.`}
      limit={limit}
      loadingCount={counters.AUDIO}
      empty={audios.length === 0 && uploads.length === 0}
      action={
        <FilePickerButton
          kind="AUDIO"
          label="Upload audio"
          multiple
          disabled={limit.count >= limit.maxItems}
          busy={uploads.length > 0}
          onFiles={addFiles}
        />
      }
    >
      <UploadList uploads={uploads} />
      <Stack gap="sm">
        {audios.map((audio) => (
          <AudioRow
            key={audio.id}
            audio={audio}
            onDelete={() => remove({ id: audio.id, name: audio.name, type: 'AUDIO' })}
          />
        ))}
      </Stack>
    </BrandKitSection>
  );
}
