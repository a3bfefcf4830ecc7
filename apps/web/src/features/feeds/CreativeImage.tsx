import { Center, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';

// A neutral checkerboard shows the box around an ad that is not square (as the template thumbnails do).
const checkerboard = 'repeating-conic-gradient(#e9ecef 0% 25%, #f8f9fa 0% 50%) 50% / 16px 16px';

/** An ad or an item's image inside a square box, at its own aspect ratio; a plain state when there is none. */
export function CreativeImage({
  url,
  alt,
  emptyText = 'No ad',
}: {
  url: string | null | undefined;
  alt: string;
  emptyText?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const usable = url && url !== failedUrl;
  return (
    <Center style={{ aspectRatio: '1 / 1', background: checkerboard, overflow: 'hidden' }}>
      {usable ? (
        <img
          src={url}
          alt={alt}
          loading="lazy"
          onError={() => setFailedUrl(url)}
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
      ) : (
        <Stack gap={4} align="center" c="dimmed" px="xs">
          <IconPhotoOff size={28} stroke={1.5} aria-hidden />
          <Text size="sm" ta="center" lh={1.2}>
            {url ? 'The image could not be loaded' : emptyText}
          </Text>
        </Stack>
      )}
    </Center>
  );
}
