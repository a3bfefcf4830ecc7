import { Badge, Group } from '@mantine/core';

/** A template's tags as small badges; the group is in the tooltip text. */
export function TemplateTags({
  tags,
}: {
  tags: readonly { id: string; label: string; groupLabel: string }[];
}) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4}>
      {tags.map((tag) => (
        <Badge key={tag.id} size="xs" variant="light" color="gray" title={tag.groupLabel} tt="none">
          {tag.label}
        </Badge>
      ))}
    </Group>
  );
}
