import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TemplateDownloadLinks } from './TemplateDownloadLinks';

/** What the list shows before the first catalogue: what a catalogue is, and how to make one. */
export function CatalogsEmptyState({ newUrl }: { newUrl: string }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="sm" align="flex-start">
        <Text fw={600}>No catalogues yet.</Text>
        <Text c="dimmed" size="sm" maw={640}>
          A catalogue is the list of products you advertise: one row per item, with its title, price,
          availability, link and images. Import it from a file (CSV, TSV or XML, also gzipped), or from the
          URL of your shop’s product feed, which can refresh every hour, day or week. Product sets then pick
          the items an ad campaign shows.
        </Text>
        <TemplateDownloadLinks />
        <Button component={Link} to={newUrl} leftSection={<IconPlus size={16} />} mt="xs">
          New catalogue
        </Button>
      </Stack>
    </Paper>
  );
}
