import { Center, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';

// A neutral checkerboard shows where a thumbnail is transparent.
const checkerboard = 'repeating-conic-gradient(#e9ecef 0% 25%, #f8f9fa 0% 50%) 50% / 16px 16px';

/** A template's picture at its own aspect ratio inside a box of `height`; a plain state when there is none. */
export function TemplateThumbnail({
  url,
  name,
  height = 200,
}: {
  url: string | null | undefined;
  name: string;
  height?: number;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const usable = url && url !== failedUrl;
  return (
    <Center h={height} style={{ background: checkerboard, overflow: 'hidden' }}>
      {usable ? (
        <img
          src={url}
          alt={`Thumbnail of ${name}`}
          loading="lazy"
          onError={() => setFailedUrl(url)}
          style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
        />
      ) : (
        <Stack gap={4} align="center" c="dimmed" px={4}>
          <IconPhotoOff size={height < 120 ? 18 : 28} stroke={1.5} aria-hidden />
          <Text size={height < 120 ? 'xs' : 'sm'} ta="center" lh={1.2}>
            {url ? 'Thumbnail could not be loaded' : 'No thumbnail'}
          </Text>
        </Stack>
      )}
    </Center>
  );
}
