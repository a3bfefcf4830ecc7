import { Anchor, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

const linkStyle = { display: 'inline-flex', alignItems: 'center', gap: 4 };

/** The catalogue template downloads (spec section 3): every column the import reads, with examples. */
export function TemplateDownloadLinks() {
  return (
    <Group gap="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        Start from a template:
      </Text>
      <Anchor href="/export/catalog-template.csv" download size="sm" style={linkStyle}>
        <IconDownload size={14} aria-hidden />
        CSV template
      </Anchor>
      <Anchor href="/export/catalog-template.xml" download size="sm" style={linkStyle}>
        <IconDownload size={14} aria-hidden />
        XML template
      </Anchor>
    </Group>
  );
}
