import { Anchor, Image, SimpleGrid, Text } from '@mantine/core';

/** Every picture of an item, each a link to the full image. */
export function ItemGallery({ images, title }: { images: readonly string[]; title: string }) {
  if (images.length === 0)
    return (
      <Text size="sm" c="dimmed">
        This item has no images.
      </Text>
    );
  return (
    <SimpleGrid cols={3} spacing="xs" aria-label="Images">
      {images.map((url, index) => (
        <Anchor key={url} href={url} target="_blank" rel="noreferrer noopener">
          <Image
            src={url}
            alt={index === 0 ? `Main image of ${title}` : `Image ${index + 1} of ${title}`}
            h={140}
            fit="contain"
            radius="sm"
            referrerPolicy="no-referrer"
            bg="var(--mantine-color-gray-0)"
          />
        </Anchor>
      ))}
    </SimpleGrid>
  );
}
