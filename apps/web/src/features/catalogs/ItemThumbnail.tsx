import { Center, Image } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';

/** A small square picture of an item, or a placeholder when it has none. */
export function ItemThumbnail({ url, title, size = 48 }: { url: string; title: string; size?: number }) {
  if (!url)
    return (
      <Center
        w={size}
        h={size}
        bg="var(--mantine-color-gray-1)"
        style={{ borderRadius: 4 }}
        aria-label="No image"
      >
        <IconPhotoOff size={size / 2.5} color="var(--mantine-color-gray-5)" />
      </Center>
    );
  return (
    <Image
      src={url}
      alt={`Image of ${title}`}
      w={size}
      h={size}
      fit="contain"
      radius="sm"
      loading="lazy"
      referrerPolicy="no-referrer"
      bg="var(--mantine-color-gray-0)"
    />
  );
}
