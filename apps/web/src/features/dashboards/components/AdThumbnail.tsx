import { Image, ThemeIcon } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';

/** An ad's creative, small; a neutral mark when the source gave no image. */
export function AdThumbnail({ url, name, size = 56 }: { url: string | null; name: string; size?: number }) {
  if (!url) {
    return (
      <ThemeIcon variant="light" color="gray" size={size} radius="sm" aria-label={`${name}: no image`}>
        <IconPhotoOff size={size / 2.5} />
      </ThemeIcon>
    );
  }
  return <Image src={url} alt={name} w={size} h={size} fit="cover" radius="sm" loading="lazy" />;
}
